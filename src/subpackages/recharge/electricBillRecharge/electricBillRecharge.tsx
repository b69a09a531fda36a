import { useRouter } from '@tarojs/taro'
import PageFrame from '../../../components/PageFrame'
import ElectricRechargeForm from '../components/ElectricRechargeForm'
import { numberParam } from '../../../routes'

export default function ElectricBillRecharge() {
  const { params } = useRouter()
  return (
    <PageFrame titleKey='page.electricBillRecharge'>
      <ElectricRechargeForm
        parValue={numberParam(params.parValue)}
        accountId={params.accountId}
        fromOrderNo={params.fromOrderNo}
      />
    </PageFrame>
  )
}
