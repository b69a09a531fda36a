import type { ElectricSupportArea } from '@contract/lifePay'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { orderRequirements } from '@domain/orderRequirements'
import type { ElectricAccountState } from '../../hooks/useElectricAccount'
import { useMessages } from '../../i18n/messages'
import ElectricAccountTypePicker from './ElectricAccountTypePicker'
import FormField from './FormField'
import GridTypePicker from './GridTypePicker'
import RegionPicker from './RegionPicker'
import TextField from './TextField'
import { fieldChange } from './fieldChange'
import { digitsOnly } from './inputFilters'
import { fieldMessages } from './messages'

export type ElectricAccountFieldKey = 'region' | 'grid' | 'accountType' | 'account' | 'holderName'

interface ElectricAccountFieldsProps {
  areas: readonly ElectricSupportArea[]
  /** The form's electricity account (useElectricAccount). */
  fields: ElectricAccountState
  errors: Partial<Record<ElectricAccountFieldKey, string>>
  /** Called with the field the user just changed, so its error can go. */
  clear: (key: ElectricAccountFieldKey) => void
}

/** Region (the grid follows), grid, account type (State Grid), account number and, where the area asks, the holder. */
export default function ElectricAccountFields({ areas, fields, errors, clear }: ElectricAccountFieldsProps) {
  const f = useMessages(fieldMessages)
  const area = areas.find((item) => item.cityCode === fields.cityCode)
  const needHolderName = area?.needHolderName ?? false
  const needs = orderRequirements({ lifePayOrderType: LifePayOrderType.Electric, electricType: fields.electricType })
  return (
    <>
      <RegionPicker
        areas={areas}
        value={fields.cityCode}
        error={errors.region}
        onChange={(picked) => {
          fields.chooseArea(picked)
          clear('region')
          clear('grid')
        }}
      />
      <GridTypePicker
        value={fields.electricType}
        lockedByRegion={!!area}
        error={errors.grid}
        onChange={fieldChange(clear, 'grid', fields.setElectricType)}
      />
      {needs.electricAccountType ? (
        <ElectricAccountTypePicker
          value={fields.accountType}
          error={errors.accountType}
          onChange={fieldChange(clear, 'accountType', fields.setAccountType)}
        />
      ) : null}
      <FormField label={f('electricAccountLabel')} error={errors.account}>
        <TextField
          label={f('electricAccountLabel')}
          value={fields.account}
          keyboard='digits'
          maxLength={20}
          filter={(text) => digitsOnly(text, 20)}
          placeholder={f('electricAccountPlaceholder')}
          onChange={fieldChange(clear, 'account', fields.setAccount)}
        />
      </FormField>
      {needHolderName ? (
        <FormField label={f('holderNameLabel')} error={errors.holderName}>
          <TextField
            label={f('holderNameLabel')}
            value={fields.holderName}
            maxLength={30}
            placeholder={f('holderNamePlaceholder')}
            onChange={fieldChange(clear, 'holderName', fields.setHolderName)}
          />
        </FormField>
      ) : null}
    </>
  )
}
