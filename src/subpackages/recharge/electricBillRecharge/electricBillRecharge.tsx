import PageFrame from '../../../components/PageFrame'
import PageState from '../../../components/PageState'
import { useT } from '../../../i18n/i18n'

export default function ElectricBillRecharge() {
  const t = useT()
  return (
    <PageFrame titleKey='page.electricBillRecharge'>
      <PageState status='empty' emptyText={t('page.comingSoon')} />
    </PageFrame>
  )
}
