import { useRouter } from '@tarojs/taro'
import PageFrame from '../../../components/PageFrame'
import RechargeResultView from '../components/RechargeResultView'
import { usePageVisible } from '../hooks/usePageVisible'
import { withQueryClient } from '../../../withQueryClient'

function RechargeElectricResult() {
  const { params } = useRouter()
  const visible = usePageVisible()
  return (
    <PageFrame titleKey='page.rechargeElectricResult'>
      <RechargeResultView orderNo={params.orderNo ?? ''} kind='electric' visible={visible} />
    </PageFrame>
  )
}

export default withQueryClient(RechargeElectricResult)
