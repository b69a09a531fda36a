import { ScrollView, Text, View } from '@tarojs/components'
import { useMessages } from '../../../i18n/messages'
import { rechargeFormMessages } from '../formMessages'
import './recharge.scss'

export interface SavedAccountChip {
  key: string
  /** The remark, or a name such as 'My number'. */
  title: string
  /** The masked number. */
  subtitle: string
  selected: boolean
  onPick: () => void
}

/** A row of saved accounts to top up in one tap. Renders nothing when there are none. */
export default function SavedAccountChips({ chips }: { chips: readonly SavedAccountChip[] }) {
  const m = useMessages(rechargeFormMessages)
  if (chips.length === 0) return null
  return (
    <View className='lp-saved'>
      <Text className='lp-saved__label'>{m('savedAccounts')}</Text>
      <ScrollView className='lp-saved__scroll' scrollX enhanced showScrollbar={false}>
        <View className='lp-saved__row' role='group' aria-label={m('savedAccounts')}>
          {chips.map((chip) => (
            <View
              key={chip.key}
              className={`lp-saved__chip${chip.selected ? ' lp-saved__chip--selected' : ''}`}
              role='button'
              tabIndex={0}
              aria-pressed={chip.selected}
              onClick={chip.onPick}
            >
              <Text className='lp-saved__title'>{chip.title}</Text>
              <Text className='lp-saved__sub'>{chip.subtitle}</Text>
            </View>
          ))}
        </View>
      </ScrollView>
    </View>
  )
}
