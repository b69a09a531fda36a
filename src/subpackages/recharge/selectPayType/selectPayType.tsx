import { useRouter } from '@tarojs/taro'
import PageFrame from '../../../components/PageFrame'
import PayTypeSelection from '../components/PayTypeSelection'
import { isRechargeKind } from '../../../routes'
import { withQueryClient } from '../../../withQueryClient'

function SelectPayType() {
  const { params } = useRouter()
  return (
    <PageFrame titleKey='page.selectPayType'>
      <PayTypeSelection orderNo={params.orderNo ?? ''} kind={isRechargeKind(params.type) ? params.type : undefined} />
    </PageFrame>
  )
}

export default withQueryClient(SelectPayType)
