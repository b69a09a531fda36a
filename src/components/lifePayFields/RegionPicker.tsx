import { ScrollView, Text, View, type ITouchEvent } from '@tarojs/components'
import { Fragment, useRef, useState } from 'react'
import { matchElectricArea, type NamedArea } from '@domain/electricArea'
import type { Locale } from '@domain/locale'
import { OTHER_INITIAL, groupByInitial, searchRegions } from '@domain/regionIndex'
import { regionLabel, regionName } from '@domain/regionNames'
import { useLocaleStore } from '../../i18n/i18n'
import { useMessages } from '../../i18n/messages'
import { useLocationCityStore } from '../../stores/locationCity'
import BottomSheet from './BottomSheet'
import { measureIndexLetters } from './indexLetterSpan'
import FormField from './FormField'
import TextField from './TextField'
import { fieldMessages } from './messages'
import { rovingTabStop } from '../rovingTabStop'
import './fields.scss'

interface RegionPickerProps<A extends NamedArea> {
  /** The cities to pick from: where electricity can be paid (GetElectricSupportArea), or all (a gas account's). */
  areas: readonly A[]
  /** cityCode of the chosen area. */
  value?: string
  onChange: (area: A) => void
  error?: string | null
}

/** The finger's height on screen; Taro types a View's touch handlers as plain events. */
function touchY(event: unknown): number | undefined {
  return (event as ITouchEvent).touches?.[0]?.clientY
}

/** The id of an index letter's heading: what the letter bar scrolls to (mini-programs scroll by id, not by node). */
function initialId(initial: string): string {
  return `lp-region-${initial === OTHER_INITIAL ? 'other' : initial}`
}

interface CityChipsProps<A extends NamedArea> {
  cities: readonly A[]
  /** The radio group's name: its index letter, or the search's. */
  label: string
  value?: string
  locale: Locale
  onPick: (area: A) => void
}

function CityChips<A extends NamedArea>({ cities, label, value, locale, onPick }: CityChipsProps<A>) {
  const tabStop = rovingTabStop(cities, (city) => city.cityCode === value)
  return (
    <View className='lp-chips lp-chips--3' role='radiogroup' aria-label={label}>
      {cities.map((area, index) => (
        <View
          key={area.cityCode}
          className={`lp-chip${area.cityCode === value ? ' lp-chip--selected' : ''}`}
          role='radio'
          tabIndex={index === tabStop ? 0 : -1}
          aria-checked={area.cityCode === value}
          onClick={() => onPick(area)}
        >
          <Text className='lp-chip__label'>{regionName(area.cityName, locale)}</Text>
        </View>
      ))}
    </View>
  )
}

/**
 * A row showing the chosen region; tapping it opens a sheet of the supported cities as Alipay's and WeChat's city
 * pickers have it: a search (name, pinyin, initials), the location city first, then the cities A to Z with a letter
 * bar to jump.
 */
export default function RegionPicker<A extends NamedArea>({ areas, value, onChange, error }: RegionPickerProps<A>) {
  const m = useMessages(fieldMessages)
  const locale = useLocaleStore((s) => s.locale)
  const locationCity = useLocationCityStore((s) => s.city)
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  // The heading the list is scrolled to; cleared once the list moves, so tapping the same letter again scrolls again
  // (a ScrollView scrolls only when scroll-into-view changes).
  const [scrollTarget, setScrollTarget] = useState('')
  const chosen = areas.find((area) => area.cityCode === value)
  // Only a city of the list is offered; the store holds the name, as the area list spells it.
  const located = matchElectricArea(areas, undefined, locationCity)
  const searching = query.trim() !== ''
  const found = searching ? searchRegions(areas, query) : []
  const groups = groupByInitial(areas)
  // Where the letters lie on screen, measured as a finger lands on the bar: sliding along it goes letter by letter.
  const letters = useRef<{ top: number; bottom: number } | null>(null)
  const scrubTo = (clientY: number | undefined) => {
    const span = letters.current
    if (clientY === undefined || !span || span.bottom <= span.top || groups.length === 0) return
    const at = Math.floor(((clientY - span.top) / (span.bottom - span.top)) * groups.length)
    const target = initialId(groups[Math.min(groups.length - 1, Math.max(0, at))].initial)
    if (target !== scrollTarget) setScrollTarget(target)
  }
  const measureIndex = (clientY: number | undefined) => {
    measureIndexLetters('.lp-region-index__letter', (span) => {
      letters.current = span
      scrubTo(clientY)
    })
  }

  const close = () => {
    setOpen(false)
    setQuery('')
    setScrollTarget('')
  }
  const pick = (area: A) => {
    onChange(area)
    close()
  }

  return (
    <FormField label={m('regionLabel')} error={error}>
      <View
        className='lp-select'
        role='button'
        tabIndex={0}
        aria-haspopup='dialog'
        aria-label={m('regionLabel')}
        onClick={() => setOpen(true)}
      >
        <Text className={chosen ? 'lp-select__value' : 'lp-select__placeholder'}>
          {chosen ? regionLabel(chosen, locale) : m('regionPlaceholder')}
        </Text>
        <Text className='lp-select__arrow' />
      </View>
      <BottomSheet open={open} title={m('regionSheetTitle')} onClose={close}>
        <TextField
          label={m('regionSearchLabel')}
          placeholder={m('regionSearchPlaceholder')}
          value={query}
          onChange={setQuery}
          maxLength={20}
        />
        <View className='lp-region-picker__body'>
          <ScrollView
            className='lp-region-picker__list'
            scrollY
            scrollIntoView={scrollTarget}
            // The letter's heading at the top of the list, under the search box (H5 would centre it).
            scrollIntoViewAlignment='start'
            onScroll={() => setScrollTarget('')}
          >
            {searching ? (
              found.length > 0 ? (
                <CityChips
                  cities={found}
                  label={m('regionSearchResults')}
                  value={value}
                  locale={locale}
                  onPick={pick}
                />
              ) : (
                <Text className='lp-region-picker__empty'>{m('regionNoMatch', { query: query.trim() })}</Text>
              )
            ) : (
              <>
                {located ? (
                  <>
                    <Text className='lp-region-group__name'>{m('regionLocated')}</Text>
                    {/* A button, not a radio: the city is also in its letter's group, and a radio group names
                          each city once. */}
                    <View className='lp-chips lp-chips--3'>
                      <View
                        className={`lp-chip${located.cityCode === value ? ' lp-chip--selected' : ''}`}
                        role='button'
                        tabIndex={0}
                        aria-label={`${m('regionLocated')} ${regionName(located.cityName, locale)}`}
                        onClick={() => pick(located)}
                      >
                        <Text className='lp-chip__label'>{regionName(located.cityName, locale)}</Text>
                      </View>
                    </View>
                  </>
                ) : null}
                {/* Each heading is a child of the list itself: past Taro's template depth (baseLevel) the tree
                      continues in a custom component, and a mini-program's scroll-into-view finds ids only within
                      the list's own component. Kept shallow, the headings stay beside the list. */}
                {groups.map((group) => (
                  <Fragment key={group.initial}>
                    <View id={initialId(group.initial)} className='lp-region-group__name'>
                      {group.initial}
                    </View>
                    <CityChips cities={group.areas} label={group.initial} value={value} locale={locale} onPick={pick} />
                  </Fragment>
                ))}
              </>
            )}
          </ScrollView>
          {searching ? null : (
            <View
              className='lp-region-index'
              aria-label={m('regionIndexLabel')}
              onTouchStart={(event) => measureIndex(touchY(event))}
              onTouchMove={(event) => {
                event.stopPropagation()
                scrubTo(touchY(event))
              }}
            >
              {groups.map((group) => (
                <View
                  key={group.initial}
                  className='lp-region-index__letter'
                  role='button'
                  tabIndex={0}
                  aria-label={group.initial}
                  onClick={() => setScrollTarget(initialId(group.initial))}
                >
                  {group.initial}
                </View>
              ))}
            </View>
          )}
        </View>
      </BottomSheet>
    </FormField>
  )
}
