import { Text, View } from '@tarojs/components'
import type { Locale } from '@domain/locale'
import { useLocaleStore } from '../../../i18n/i18n'
import { useMessages } from '../../../i18n/messages'
import { loginMessages } from '../messages'
import type { PolicyDocument } from '../policies/policyDocument'
import './PolicyView.scss'

/** A policy text in the user's language, on a page that scrolls as a whole. */
export default function PolicyView({ document }: { document: Record<Locale, PolicyDocument> }) {
  const locale = useLocaleStore((s) => s.locale)
  const m = useMessages(loginMessages)
  const doc = document[locale]
  return (
    <View className='lp-policy'>
      <View className='lp-policy__title' role='heading' aria-level={2}>
        {doc.title}
      </View>
      <Text className='lp-policy__meta'>
        {m('policyVersion', { version: doc.version })}
        {'\u3000'}
        {m('policyEffective', { date: doc.effectiveDate })}
      </Text>
      {doc.intro.map((paragraph) => (
        <Text key={paragraph} className='lp-policy__paragraph' userSelect>
          {paragraph}
        </Text>
      ))}
      {doc.sections.map((section) => (
        <View key={section.heading} className='lp-policy__section'>
          <View className='lp-policy__heading' role='heading' aria-level={3}>
            {section.heading}
          </View>
          {section.paragraphs.map((paragraph) => (
            <Text key={paragraph} className='lp-policy__paragraph' userSelect>
              {paragraph}
            </Text>
          ))}
        </View>
      ))}
    </View>
  )
}
