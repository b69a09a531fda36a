import { useRouter } from '@tarojs/taro'
import LoginRequired from '../../../components/LoginRequired'
import PageFrame from '../../../components/PageFrame'
import type { AccountKindForm } from '../kinds/accountKind'
import { accountMessages } from '../messages'
import EditAccountView from './EditAccountView'

/** A saved-account page of the kind: adding one, or with `?id=` updating that account. */
export default function EditAccountPage({ kind }: { kind: AccountKindForm }) {
  const { params } = useRouter()
  return (
    <PageFrame titleKey={kind.pageTitle} scrollable={kind.scrollable}>
      <LoginRequired messages={accountMessages}>
        <EditAccountView kind={kind} id={params.id} />
      </LoginRequired>
    </PageFrame>
  )
}
