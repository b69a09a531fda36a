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
  const kindName: RechargeKind = kind.kind
  return (
    <PageFrame titleKey={`page.${kindName}BillRecharge`}>
      <DeliveryTimeNotice type={rechargeOrderType[kindName]} />
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
