import { useRouter } from '@tarojs/taro'
import LoginRequired from '../../../components/LoginRequired'
import PageFrame from '../../../components/PageFrame'
import { type LifePayOrderType, lifePayOrderTypeValues } from '@domain/lifePayOrderType'
import AccountListView from '../components/AccountListView'
import { accountMessages } from '../messages'
import { withQueryClient } from '../../../withQueryClient'

/** `?type=10|20|30` opens on that utility's tab (docs/orders.md). */
function typeParam(value: string | undefined): LifePayOrderType | undefined {
  const type = Number(value) as LifePayOrderType
  return lifePayOrderTypeValues.includes(type) ? type : undefined
}

function UserAccountList() {
  const { params } = useRouter()
  return (
    <PageFrame titleKey='page.userAccountList'>
      <LoginRequired messages={accountMessages}>
        <AccountListView initialType={typeParam(params.type)} />
      </LoginRequired>
    </PageFrame>
  )
}

export default withQueryClient(UserAccountList)
