import { useRouter } from '@tarojs/taro'
import LoginRequired from '../../../components/LoginRequired'
import PageFrame from '../../../components/PageFrame'
import RechargeResultView from '../components/RechargeResultView'
import { usePageVisible } from '../hooks/usePageVisible'
import { rechargeMessages } from '../messages'
import { withQueryClient } from '../../../withQueryClient'

function RechargeGasResult() {
  const { params } = useRouter()
  const visible = usePageVisible()
  return (
    <PageFrame titleKey='page.rechargeGasResult'>
      <LoginRequired messages={rechargeMessages}>
        <RechargeResultView orderNo={params.orderNo ?? ''} kind='gas' visible={visible} />
      </LoginRequired>
    </PageFrame>
  )
}

export default withQueryClient(RechargeGasResult)
