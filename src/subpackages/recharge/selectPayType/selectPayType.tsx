import { useRouter } from '@tarojs/taro'
import LoginRequired from '../../../components/LoginRequired'
import PageFrame from '../../../components/PageFrame'
import PayTypeSelection from '../components/PayTypeSelection'
import { rechargeMessages } from '../messages'
import { isRechargeKind } from '../../../routes'
import { withQueryClient } from '../../../withQueryClient'

function SelectPayType() {
  const { params } = useRouter()
  return (
    <PageFrame titleKey='page.selectPayType'>
      {/* Logged out, the order is nobody's to read: the login first, as on every page of a user's own. */}
      <LoginRequired messages={rechargeMessages}>
        <PayTypeSelection orderNo={params.orderNo ?? ''} kind={isRechargeKind(params.type) ? params.type : undefined} />
      </LoginRequired>
    </PageFrame>
  )
}

export default withQueryClient(SelectPayType)
