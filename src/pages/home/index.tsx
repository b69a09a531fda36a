import PageFrame from '../../components/PageFrame'
import PageState from '../../components/PageState'
import { useT } from '../../i18n/i18n'
import { useTabPage } from '../../platform/useTabPage'

export default function Home() {
  const t = useT()
  useTabPage(0)
  return (
    <PageFrame showBack={false}>
      <PageState status='empty' emptyText={t('page.comingSoon')} />
    </PageFrame>
  )
}
