import { useRouter } from '@tarojs/taro'
import PageFrame from '../../../components/PageFrame'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import DeliveryTimeNotice from '../components/DeliveryTimeNotice'
import ElectricRechargeForm from '../components/ElectricRechargeForm'
import { numberParam } from '../../../routes'
import { withQueryClient } from '../../../withQueryClient'

function ElectricBillRecharge() {
  const { params } = useRouter()
  return (
    <PageFrame titleKey='page.electricBillRecharge'>
      <DeliveryTimeNotice type={LifePayOrderType.Electric} />
      <ElectricRechargeForm
        parValue={numberParam(params.parValue)}
        accountId={params.accountId}
        fromOrderNo={params.fromOrderNo}
      />
    </PageFrame>
  )
}

export default withQueryClient(ElectricBillRecharge)
