import { useRouter } from '@tarojs/taro'
import PageFrame from '../../../components/PageFrame'
import { numberParam, rechargeOrderType, type RechargeKind } from '../../../routes'
import type { RechargeKindForm } from '../kinds/rechargeKind'
import DeliveryTimeNotice from './DeliveryTimeNotice'
import RechargeForm from './RechargeForm'

/** A top-up page: its delivery time above the kind's form, filled in from what the page query names. */
export default function RechargeFormPage<K extends RechargeKind, I extends { idempotencyKey: string }>({
  kind,
}: {
  kind: RechargeKindForm<K, I>
}) {
  const { params } = useRouter()
  return (
    <PageFrame titleKey={kind.pageTitle}>
      <DeliveryTimeNotice type={rechargeOrderType[kind.kind]} />
      <RechargeForm
        kind={kind}
        phone={params.phone}
        parValue={numberParam(params.parValue)}
        accountId={params.accountId}
        fromOrderNo={params.fromOrderNo}
      />
    </PageFrame>
  )
}
