import { useRouter } from '@tarojs/taro'
import PageFrame from '../../../components/PageFrame'
import PhoneRechargeForm from '../components/PhoneRechargeForm'
import { numberParam } from '../../../routes'

export default function PhoneBillRecharge() {
  const { params } = useRouter()
  return (
    <PageFrame titleKey='page.phoneBillRecharge'>
      <PhoneRechargeForm
        phone={params.phone}
        parValue={numberParam(params.parValue)}
        accountId={params.accountId}
        fromOrderNo={params.fromOrderNo}
      />
    </PageFrame>
  )
}
