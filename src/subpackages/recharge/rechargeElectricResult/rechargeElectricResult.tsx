import { useRouter } from '@tarojs/taro'
import LoginRequired from '../../../components/LoginRequired'
import PageFrame from '../../../components/PageFrame'
import RechargeResultView from '../components/RechargeResultView'
import { usePageVisible } from '../hooks/usePageVisible'
import { rechargeMessages } from '../messages'
import { withQueryClient } from '../../../withQueryClient'

function RechargeElectricResult() {
  const { params } = useRouter()
  const visible = usePageVisible()
  return (
    <PageFrame titleKey='page.rechargeElectricResult'>
      <LoginRequired messages={rechargeMessages}>
        <RechargeResultView orderNo={params.orderNo ?? ''} kind='electric' visible={visible} />
      </LoginRequired>
    </PageFrame>
  )
}

export default withQueryClient(RechargeElectricResult)
