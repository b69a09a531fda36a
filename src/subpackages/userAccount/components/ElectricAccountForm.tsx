import { useEffect, useRef, useState } from 'react'
import ElectricAccountFields from '../../../components/lifePayFields/ElectricAccountFields'
import { ElectricAccountType } from '@domain/electric'
import { matchElectricArea } from '@domain/electricArea'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { electricAccount, holderName as holderNameRule, remark as remarkRule, required } from '@domain/validators'
import { useElectricAccount } from '../../../hooks/useElectricAccount'
import { useElectricAreas } from '../../../hooks/useElectricAreas'
import { useFieldErrors } from '../../../hooks/useFieldErrors'
import { useLocaleStore } from '../../../i18n/i18n'
import { useMessages } from '../../../i18n/messages'
import type { UserAccount } from '@contract/lifePay'
import { fieldError } from '../accountForm'
import { useLocationCityStore } from '../../../stores/locationCity'
import { useSaveAccount } from '../hooks/useSaveAccount'
import { accountMessages } from '../messages'
import AccountFormFrame from './AccountFormFrame'
import RemarkField from './RemarkField'

type ElectricErrorKey = 'region' | 'grid' | 'accountType' | 'account' | 'holderName' | 'remark'

/** An electricity account: region (the grid follows), account type, number, holder name where asked, a remark. */
export default function ElectricAccountForm({ initial }: { initial?: UserAccount }) {
  const locale = useLocaleStore((s) => s.locale)
  const m = useMessages(accountMessages)
  const electric = useElectricAccount({
    electricType: initial?.electricType ?? undefined,
    accountType: initial ? (initial.electricAccountType ?? undefined) : ElectricAccountType.House,
    account: initial?.content ?? '',
    holderName: initial?.name ?? '',
  })
  const { cityCode, electricType, accountType, account, holderName, setCityCode, setElectricType } = electric
  const [remark, setRemark] = useState(initial?.remark ?? '')
  const { errors, setErrors, clear } = useFieldErrors<ElectricErrorKey>()
  const { saveAndLeave, saving } = useSaveAccount()

  const areas = useElectricAreas()
  const area = areas.data?.find((item) => item.cityCode === cityCode)
  const needHolderName = area?.needHolderName ?? false

  const placed = useRef(false)
  useEffect(() => {
    if (placed.current || !areas.data) return
    placed.current = true
    // The saved account's own region; a new account starts in the location city (the last region chosen), where served.
    const match = initial
      ? matchElectricArea(areas.data, initial.province, initial.city)
      : matchElectricArea(areas.data, undefined, useLocationCityStore.getState().city)
    if (match) {
      setCityCode(match.cityCode)
      setElectricType(match.electricType)
    }
  }, [areas.data, initial, setCityCode, setElectricType])

  const onSave = async () => {
    const next: Partial<Record<ElectricErrorKey, string>> = {
      region: area ? undefined : m('pickRegion'),
      grid: electricType ? undefined : m('pickGrid'),
      accountType: accountType ? undefined : m('pickAccountType'),
      account: fieldError(account, [required, electricAccount], locale),
      holderName: needHolderName ? fieldError(holderName, [required, holderNameRule], locale) : undefined,
      remark: fieldError(remark, [remarkRule], locale),
    }
    setErrors(next)
    if (Object.values(next).some(Boolean) || !area || !electricType || !accountType) return
    await saveAndLeave(
      {
        id: initial?.id,
        lifePayType: LifePayOrderType.Electric,
        content: account,
        electricType,
        electricAccountType: accountType,
        province: area.provinceName,
        city: area.cityName,
        name: needHolderName ? holderName.trim() : undefined,
        remark: remark.trim(),
      },
      m('saved'),
      (message) => setErrors({ account: message }),
    )
  }

  return (
    <AccountFormFrame
      type={LifePayOrderType.Electric}
      intro={m('electricIntro')}
      saving={saving}
      onSave={() => void onSave()}
      accountId={initial?.id}
    >
      <ElectricAccountFields areas={areas.data ?? []} fields={electric} errors={errors} clear={clear} />
      <RemarkField
        value={remark}
        error={errors.remark}
        onChange={(value) => {
          setRemark(value)
          clear('remark')
        }}
      />
    </AccountFormFrame>
  )
}
