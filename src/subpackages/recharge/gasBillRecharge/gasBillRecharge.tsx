import { useRouter } from '@tarojs/taro'
import PageFrame from '../../../components/PageFrame'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import DeliveryTimeNotice from '../components/DeliveryTimeNotice'
import GasRechargeForm from '../components/GasRechargeForm'
import { numberParam } from '../../../routes'
import { withQueryClient } from '../../../withQueryClient'

function GasBillRecharge() {
  const { params } = useRouter()
  return (
    <PageFrame titleKey='page.gasBillRecharge'>
      <DeliveryTimeNotice type={LifePayOrderType.Gas} />
      <GasRechargeForm
        parValue={numberParam(params.parValue)}
        accountId={params.accountId}
        fromOrderNo={params.fromOrderNo}
      />
    </PageFrame>
  )
}

export default withQueryClient(GasBillRecharge)
