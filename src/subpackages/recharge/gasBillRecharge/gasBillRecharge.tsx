import { useRouter } from '@tarojs/taro'
import PageFrame from '../../../components/PageFrame'
import GasRechargeForm from '../components/GasRechargeForm'
import { numberParam } from '../../../routes'

export default function GasBillRecharge() {
  const { params } = useRouter()
  return (
    <PageFrame titleKey='page.gasBillRecharge'>
      <GasRechargeForm
        parValue={numberParam(params.parValue)}
        accountId={params.accountId}
        fromOrderNo={params.fromOrderNo}
      />
    </PageFrame>
  )
}
