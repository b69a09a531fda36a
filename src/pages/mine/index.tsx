import PageFrame from '../../components/PageFrame'
import PageState from '../../components/PageState'
import { useT } from '../../i18n/i18n'
import { useTabPage } from '../../platform/useTabPage'

export default function Mine() {
  const t = useT()
  useTabPage(1)
  return (
    <PageFrame titleKey='page.mine' showBack={false}>
      <PageState status='empty' emptyText={t('page.comingSoon')} />
    </PageFrame>
  )
}
