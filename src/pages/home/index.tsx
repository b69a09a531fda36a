import { Text, View } from '@tarojs/components'
import Taro, { usePullDownRefresh } from '@tarojs/taro'
import { useQueryClient } from '@tanstack/react-query'
import { memo, useDeferredValue } from 'react'
import PageFrame from '../../components/PageFrame'
import { useRate } from '../../hooks/useRate'
import { useRecentOrders } from '../../hooks/useRecentOrders'
import { useUserAccounts } from '../../hooks/useUserAccounts'
import { useMessages } from '../../i18n/messages'
import { useTabPage } from '../../platform/useTabPage'
import { ratesKey } from '../../services/api/catalog'
import { ordersKey } from '../../services/api/orders'
import { userAccountsKey } from '../../services/api/userAccounts'
import type { CallOptions } from '../../services/http/requestOptions'
import { selectIsLoggedIn, useLifePayStore } from '../../stores/lifePay'
import LoginPrompt from './LoginPrompt'
import { homeMessages } from './messages'
import RateNotice from './RateNotice'
import RecentOrders from './RecentOrders'
import SavedAccounts from './SavedAccounts'
import UtilityGrid from './UtilityGrid'
import './index.scss'
import { withQueryClient } from '../../withQueryClient'

const RECENT_ORDERS = 3
// Every section draws its own skeleton while it loads: no masked loading indicator over the whole page, which kept
// the utilities from being tapped until the slowest of the three answers came (docs/decisions/h5-startup.md).
const SECTION_READ: CallOptions = { showLoading: false }

function Home() {
  useTabPage(0)
  const loggedIn = useLifePayStore(selectIsLoggedIn)
  // Each API answer re-renders the page as a transition, which React renders in slices with the browser free in
  // between, instead of in one long task per answer (TBT on a phone; docs/decisions/h5-startup.md).
  const rate = useDeferredValue(useRate(SECTION_READ))
  const accounts = useDeferredValue(useUserAccounts(undefined, SECTION_READ))
  const orders = useDeferredValue(useRecentOrders(RECENT_ORDERS, SECTION_READ))
  const queryClient = useQueryClient()

  usePullDownRefresh(() => {
    // Invalidation refetches only what is shown: logged out, the account and order lists stay idle.
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: ratesKey }),
      queryClient.invalidateQueries({ queryKey: userAccountsKey }),
      queryClient.invalidateQueries({ queryKey: ordersKey }),
    ]).finally(() => void Taro.stopPullDownRefresh())
  })

  return <HomeView loggedIn={loggedIn} rate={rate} accounts={accounts} orders={orders} />
}

interface HomeViewProps {
  loggedIn: boolean
  rate: ReturnType<typeof useRate>
  accounts: ReturnType<typeof useUserAccounts>
  orders: ReturnType<typeof useRecentOrders>
}

/** The page itself; memo: an answer's urgent render stops at Home, the deferred one renders this. */
const HomeView = memo(function HomeView({ loggedIn, rate, accounts, orders }: HomeViewProps) {
  const m = useMessages(homeMessages)
  return (
    <PageFrame showBack={false} scrollable>
      <View className='lp-home__hero'>
        <Text className='lp-home__hero-title'>{m('heroTitle')}</Text>
        <Text className='lp-home__hero-subtitle'>{m('heroSubtitle')}</Text>
      </View>
      <UtilityGrid rateOf={rate.rateOf} loading={rate.isPending} />
      <RateNotice
        rateOf={rate.rateOf}
        loading={rate.isPending}
        failed={rate.isError}
        onRetry={() => void rate.refetch()}
      />
      {loggedIn ? (
        <>
          <RecentOrders query={orders} count={RECENT_ORDERS} />
          <SavedAccounts query={accounts} />
        </>
      ) : (
        <LoginPrompt />
      )}
      <Text className='lp-home__footnote'>{m('priceFootnote')}</Text>
    </PageFrame>
  )
})

export default withQueryClient(Home)
