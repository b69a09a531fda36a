import { useRouter } from '@tarojs/taro'
import PageFrame from '../../../components/PageFrame'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import DeliveryTimeNotice from '../components/DeliveryTimeNotice'
import PhoneRechargeForm from '../components/PhoneRechargeForm'
import { numberParam } from '../../../routes'
import { withQueryClient } from '../../../withQueryClient'

function PhoneBillRecharge() {
  const { params } = useRouter()
  return (
    <PageFrame titleKey='page.phoneBillRecharge'>
      <DeliveryTimeNotice type={LifePayOrderType.Phone} />
      <PhoneRechargeForm
        phone={params.phone}
        parValue={numberParam(params.parValue)}
        accountId={params.accountId}
        fromOrderNo={params.fromOrderNo}
      />
    </PageFrame>
  )
}

export default withQueryClient(PhoneBillRecharge)
