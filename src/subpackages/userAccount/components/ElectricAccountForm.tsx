import { useEffect, useRef, useState } from 'react'
import ElectricAccountTypePicker from '../../../components/lifePayFields/ElectricAccountTypePicker'
import FormField from '../../../components/lifePayFields/FormField'
import GridTypePicker from '../../../components/lifePayFields/GridTypePicker'
import RegionPicker from '../../../components/lifePayFields/RegionPicker'
import TextField from '../../../components/lifePayFields/TextField'
import { digitsOnly } from '../../../components/lifePayFields/inputFilters'
import { fieldMessages } from '../../../components/lifePayFields/messages'
import { ElectricAccountType, type ElectricType } from '../../../domain/electric'
import { LifePayOrderType } from '../../../domain/lifePayOrderType'
import { electricAccount, holderName as holderNameRule, remark as remarkRule, required } from '../../../domain/validators'
import { useLocaleStore } from '../../../i18n/i18n'
import { useMessages } from '../../../i18n/messages'
import type { UserAccount } from '../../../../types/api/lifePay'
import { fieldError, leaveAfterSave, refusalMessage } from '../accountForm'
import { areaOf } from '../electricArea'
import { useElectricAreas } from '../hooks/useElectricAreas'
import { useSaveAccount } from '../hooks/useSaveAccount'
import { accountMessages } from '../messages'
import AccountFormFrame from './AccountFormFrame'
import RemarkField from './RemarkField'

type ElectricErrors = Partial<Record<'region' | 'grid' | 'accountType' | 'account' | 'holderName' | 'remark', string>>

/** An electricity account: region (the grid follows), account type, number, holder name where asked, a remark. */
export default function ElectricAccountForm({ initial }: { initial?: UserAccount }) {
  const locale = useLocaleStore((s) => s.locale)
  const m = useMessages(accountMessages)
  const f = useMessages(fieldMessages)
  const [cityCode, setCityCode] = useState<string | undefined>(undefined)
  const [electricType, setElectricType] = useState<ElectricType | undefined>(initial?.electricType ?? undefined)
  const [accountType, setAccountType] = useState<ElectricAccountType | undefined>(
    initial ? (initial.electricAccountType ?? undefined) : ElectricAccountType.House,
  )
  const [account, setAccount] = useState(initial?.content ?? '')
  const [holderName, setHolderName] = useState(initial?.name ?? '')
  const [remark, setRemark] = useState(initial?.remark ?? '')
  const [errors, setErrors] = useState<ElectricErrors>({})
  const { save, saving } = useSaveAccount()

  const areas = useElectricAreas()
  const area = areas.data?.find((item) => item.cityCode === cityCode)
  const needHolderName = area?.needHolderName ?? false

  const placed = useRef(false)
  useEffect(() => {
    if (placed.current || !areas.data || !initial) return
    placed.current = true
    const match = areaOf(areas.data, initial.province, initial.city)
    if (match) {
      setCityCode(match.cityCode)
      setElectricType(match.electricType)
    }
  }, [areas.data, initial])

  const clear = (key: keyof ElectricErrors) => setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e))

  const onSave = async () => {
    const next: ElectricErrors = {
      region: area ? undefined : m('pickRegion'),
      grid: electricType ? undefined : m('pickGrid'),
      accountType: accountType ? undefined : m('pickAccountType'),
      account: fieldError(account, [required, electricAccount], locale),
      holderName: needHolderName ? fieldError(holderName, [required, holderNameRule], locale) : undefined,
      remark: fieldError(remark, [remarkRule], locale),
    }
    setErrors(next)
    if (Object.values(next).some(Boolean) || !area || !electricType || !accountType) return
    try {
      const id = await save({
        id: initial?.id,
        lifePayType: LifePayOrderType.Electric,
        content: account,
        electricType,
        electricAccountType: accountType,
        province: area.provinceName,
        city: area.cityName,
        name: needHolderName ? holderName.trim() : undefined,
        remark: remark.trim(),
      })
      if (id !== undefined) leaveAfterSave(LifePayOrderType.Electric, m('saved'))
    } catch (error) {
      setErrors({ account: refusalMessage(error) })
    }
  }

  return (
    <AccountFormFrame type={LifePayOrderType.Electric} intro={m('electricIntro')} saving={saving} onSave={() => void onSave()}>
      <RegionPicker
        areas={areas.data ?? []}
        value={cityCode}
        error={errors.region}
        onChange={(picked) => {
          setCityCode(picked.cityCode)
          setElectricType(picked.electricType)
          clear('region')
          clear('grid')
        }}
      />
      <GridTypePicker
        value={electricType}
        lockedByRegion={!!area}
        error={errors.grid}
        onChange={(grid) => {
          setElectricType(grid)
          clear('grid')
        }}
      />
      <ElectricAccountTypePicker
        value={accountType}
        error={errors.accountType}
        onChange={(type) => {
          setAccountType(type)
          clear('accountType')
        }}
      />
      <FormField label={f('electricAccountLabel')} error={errors.account}>
        <TextField
          label={f('electricAccountLabel')}
          value={account}
          keyboard='digits'
          maxLength={20}
          filter={(text) => digitsOnly(text, 20)}
          placeholder={f('electricAccountPlaceholder')}
          onChange={(value) => {
            setAccount(value)
            clear('account')
          }}
        />
      </FormField>
      {needHolderName ? (
        <FormField label={f('holderNameLabel')} error={errors.holderName}>
          <TextField
            label={f('holderNameLabel')}
            value={holderName}
            maxLength={30}
            placeholder={f('holderNamePlaceholder')}
            onChange={(value) => {
              setHolderName(value)
              clear('holderName')
            }}
          />
        </FormField>
      ) : null}
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
