import type { ElectricSupportArea } from '../../../types/api/lifePay'
import type { ElectricAccountType, ElectricType } from '../../domain/electric'
import { useMessages } from '../../i18n/messages'
import ElectricAccountTypePicker from './ElectricAccountTypePicker'
import FormField from './FormField'
import GridTypePicker from './GridTypePicker'
import RegionPicker from './RegionPicker'
import TextField from './TextField'
import { digitsOnly } from './inputFilters'
import { fieldMessages } from './messages'

export type ElectricAccountFieldKey = 'region' | 'grid' | 'accountType' | 'account' | 'holderName'

interface ElectricAccountFieldsProps {
  areas: readonly ElectricSupportArea[]
  cityCode: string | undefined
  electricType: ElectricType | undefined
  accountType: ElectricAccountType | undefined
  account: string
  holderName: string
  errors: Partial<Record<ElectricAccountFieldKey, string>>
  /** Called with the field the user just changed, so its error can go. */
  clear: (key: ElectricAccountFieldKey) => void
  setCityCode: (cityCode: string) => void
  setElectricType: (electricType: ElectricType) => void
  setAccountType: (accountType: ElectricAccountType) => void
  setAccount: (account: string) => void
  setHolderName: (holderName: string) => void
}

/** Region (the grid follows), grid, account type, account number and, where the area asks, the holder's name. */
export default function ElectricAccountFields(props: ElectricAccountFieldsProps) {
  const f = useMessages(fieldMessages)
  const { errors, clear } = props
  const area = props.areas.find((item) => item.cityCode === props.cityCode)
  const needHolderName = area?.needHolderName ?? false
  return (
    <>
      <RegionPicker
        areas={props.areas}
        value={props.cityCode}
        error={errors.region}
        onChange={(picked) => {
          props.setCityCode(picked.cityCode)
          props.setElectricType(picked.electricType)
          clear('region')
          clear('grid')
        }}
      />
      <GridTypePicker
        value={props.electricType}
        lockedByRegion={!!area}
        error={errors.grid}
        onChange={(grid) => {
          props.setElectricType(grid)
          clear('grid')
        }}
      />
      <ElectricAccountTypePicker
        value={props.accountType}
        error={errors.accountType}
        onChange={(type) => {
          props.setAccountType(type)
          clear('accountType')
        }}
      />
      <FormField label={f('electricAccountLabel')} error={errors.account}>
        <TextField
          label={f('electricAccountLabel')}
          value={props.account}
          keyboard='digits'
          maxLength={20}
          filter={(text) => digitsOnly(text, 20)}
          placeholder={f('electricAccountPlaceholder')}
          onChange={(value) => {
            props.setAccount(value)
            clear('account')
          }}
        />
      </FormField>
      {needHolderName ? (
        <FormField label={f('holderNameLabel')} error={errors.holderName}>
          <TextField
            label={f('holderNameLabel')}
            value={props.holderName}
            maxLength={30}
            placeholder={f('holderNamePlaceholder')}
            onChange={(value) => {
              props.setHolderName(value)
              clear('holderName')
            }}
          />
        </FormField>
      ) : null}
    </>
  )
}
