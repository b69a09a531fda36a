import { Text, View } from '@tarojs/components'
import { formatFen } from '@domain/price'
import { useMessages } from '../../../i18n/messages'
import { rechargeFormMessages } from '../formMessages'
import './recharge.scss'
import { useBottomBar } from '../../../components/bottomBar'

/** Its height in design units: 20 + the 96 button + 20 (recharge.scss), which toasts keep clear of. */
const SUBMIT_BAR_DESIGN_HEIGHT = 136

interface SubmitBarProps {
  /** What the user pays, integer fen; the bar shows only the button while unknown. */
  priceFen?: number
  savingFen?: number
  buttonText: string
  /** A call is in flight: the button shows `busyText` and ignores taps. */
  busy?: boolean
  busyText?: string
  onSubmit: () => void
  /**
   * The button spans the whole bar, as the wallets' cashiers draw their pay button: for the pay page, whose amount is
   * the page's headline (the button names it too), so the bar has no sum to show.
   */
  wide?: boolean
}

/** The bar fixed at the bottom of a form: the amount to pay and the one action. */
export default function SubmitBar({
  priceFen,
  savingFen,
  buttonText,
  busy = false,
  busyText,
  onSubmit,
  wide = false,
}: SubmitBarProps) {
  useBottomBar(SUBMIT_BAR_DESIGN_HEIGHT)
  const m = useMessages(rechargeFormMessages)
  return (
    <View className='lp-submit-bar'>
      {wide ? null : (
        <View className='lp-submit-bar__sum'>
          {priceFen !== undefined ? (
            <>
              <View className='lp-submit-bar__line'>
                <Text className='lp-submit-bar__label'>{m('payable')}</Text>
                <Text className='lp-submit-bar__price' data-testid='payable'>
                  {formatFen(priceFen)}
                </Text>
              </View>
              {savingFen ? (
                <Text className='lp-submit-bar__saving'>{m('saved', { saving: formatFen(savingFen) })}</Text>
              ) : null}
            </>
          ) : null}
        </View>
      )}
      <View
        className={`lp-submit-bar__button${wide ? ' lp-submit-bar__button--wide' : ''}${busy ? ' lp-submit-bar__button--busy' : ''}`}
        role='button'
        tabIndex={0}
        aria-disabled={busy}
        onClick={() => {
          if (!busy) onSubmit()
        }}
      >
        {busy && busyText ? busyText : buttonText}
      </View>
    </View>
  )
}
