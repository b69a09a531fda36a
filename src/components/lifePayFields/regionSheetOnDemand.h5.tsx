/**
 * H5: the region sheet (its search, the A–Z list in a ScrollView and the letter bar) shows only after a tap on the
 * region row, so it is a chunk of its own: prefetched once the page's code is in, so it is normally there before the
 * tap. Opened before it has arrived, the sheet says it is loading and fills in when it does; when the chunk cannot be
 * loaded (offline) it says so with a retry, which asks for it again — never an unhandled rejection.
 */
import { Text, View } from '@tarojs/components'
import { useEffect, useState, type ComponentType } from 'react'
import { useMessages } from '../../i18n/messages'
import BottomSheet from './BottomSheet'
import { fieldMessages } from './messages'
import type { RegionSheetProps } from './RegionSheet'

type Sheet = ComponentType<RegionSheetProps>

let loaded: Sheet | undefined
let loading: Promise<Sheet> | undefined

function load(): Promise<Sheet> {
  loading ??= import(/* webpackPrefetch: true */ './RegionSheet').then(
    (module) => (loaded = module.default),
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

export function RegionSheet(props: RegionSheetProps) {
  const m = useMessages(fieldMessages)
  // Held in an object: a component stored in state as it is would be called as an updater.
  const [sheet, setSheet] = useState<{ Sheet: Sheet } | 'loading' | 'failed'>(() =>
    loaded ? { Sheet: loaded } : 'loading',
  )
  useEffect(() => {
    if (sheet !== 'loading') return
    let current = true
    load().then(
      (Sheet) => current && setSheet({ Sheet }),
      () => current && setSheet('failed'),
    )
    return () => {
      current = false
    }
  }, [sheet])

  if (typeof sheet === 'object') return <sheet.Sheet {...props} />
  return (
    <BottomSheet open title={m('regionSheetTitle')} onClose={props.onClose}>
      {sheet === 'loading' ? (
        <Text className='lp-region-picker__empty'>{m('regionSheetLoading')}</Text>
      ) : (
        <View className='lp-region-picker__empty lp-region-picker__failed' role='alert'>
          <Text>{m('regionSheetFailed')}</Text>
          <View className='lp-region-picker__retry' role='button' tabIndex={0} onClick={() => setSheet('loading')}>
            {m('retry')}
          </View>
        </View>
      )}
    </BottomSheet>
  )
}
