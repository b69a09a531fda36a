import { useRouter } from '@tarojs/taro'
import LoginRequired from '../../../components/LoginRequired'
import PageFrame from '../../../components/PageFrame'
import RechargeResultView from '../components/RechargeResultView'
import { usePageVisible } from '../hooks/usePageVisible'
import { rechargeMessages } from '../messages'
import { withQueryClient } from '../../../withQueryClient'

function RechargeResult() {
  const { params } = useRouter()
  const visible = usePageVisible()
  return (
    <PageFrame titleKey='page.rechargeResult'>
      <LoginRequired messages={rechargeMessages}>
        <RechargeResultView orderNo={params.orderNo ?? ''} kind='phone' visible={visible} />
      </LoginRequired>
    </PageFrame>
  )
}

export default withQueryClient(RechargeResult)
