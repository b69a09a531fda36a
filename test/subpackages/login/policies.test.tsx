import { render, screen } from '@testing-library/react'
import { deliveryTimeText } from '@domain/deliveryTime'
import { lifePayOrderTypeValues } from '@domain/lifePayOrderType'
import { useLocaleStore } from '../../../src/i18n/i18n'
import MineUserPolicy from '../../../src/subpackages/login/mineUserPolicy/mineUserPolicy'
import PrivacyPolicyPage from '../../../src/subpackages/login/privacyPolicy/privacyPolicy'
import { operatorDetails } from '../../../src/subpackages/login/policies/operator'
import { privacyPolicy } from '../../../src/subpackages/login/policies/privacyPolicy'
import { userAgreement } from '../../../src/subpackages/login/policies/userAgreement'
import UserPolicy from '../../../src/subpackages/login/userPolicy/userPolicy'

const fullText = (doc: (typeof privacyPolicy)['zh-CN']) =>
  [doc.title, ...doc.intro, ...doc.sections.flatMap((s) => [s.heading, ...s.paragraphs])].join('\n')

describe('policy texts', () => {
  it.each([
    [
      'zh-CN',
      [
        '手机号码',
        '户号',
        '位置城市',
        '设备型号',
        '保存三年',
        '六个月',
        '支付机构',
        '充值服务商',
        '删除',
        '注销账号',
        '撤回同意',
        '运营方',
      ],
    ],
    [
      'en-US',
      [
        'Phone number',
        'account numbers',
        'Location city',
        'device model',
        'three years',
        'six months',
        'Payment institutions',
        'Recharge suppliers',
        'Deletion',
        'Closing your account',
        'Withdrawing consent',
        'Operator',
      ],
    ],
  ] as const)(
    'the privacy policy (%s) covers data, purposes, retention, sharing, rights and contact',
    (locale, topics) => {
      const text = fullText(privacyPolicy[locale])
      for (const topic of topics) expect(text).toContain(topic)
    },
  )

  it('name the operator, its contacts and its ICP filing, with no template placeholder, in both documents and languages', () => {
    for (const doc of [privacyPolicy, userAgreement]) {
      for (const locale of ['zh-CN', 'en-US'] as const) {
        const text = fullText(doc[locale])
        expect(text).not.toMatch(/待运营方|填写：|Operator to fill in|\[[^\]]*fill in|TODO|\{\w+\}/)
        expect(text).toContain(operatorDetails[locale].name)
        expect(text).toContain(operatorDetails[locale].email)
        expect(text).toContain(operatorDetails[locale].icpFiling)
      }
    }
  })

  it('without configuration say the operator is not configured, never name a made-up one (issue 37, item 19)', () => {
    const text = fullText(privacyPolicy['zh-CN']) + fullText(userAgreement['en-US'])
    expect(text).not.toMatch(/杭州生活缴费|life-pay\.example|Hangzhou Life Pay/)
    expect(operatorDetails['zh-CN'].name).toBe('（演示构建，运营方未配置）')
    expect(operatorDetails['en-US'].name).toBe('(demo build: operator not configured)')
  })

  it('take the operator’s identity from the build’s configuration (TARO_APP_OPERATOR_*)', async () => {
    const saved = { ...process.env }
    Object.assign(process.env, {
      TARO_APP_OPERATOR_NAME: '上海某某科技有限公司',
      TARO_APP_OPERATOR_NAME_EN: 'Shanghai Moumou Technology Co., Ltd.',
      TARO_APP_OPERATOR_EMAIL: 'help@moumou.example',
      TARO_APP_OPERATOR_ICP_FILING: '沪ICP备2026012345号-1',
    })
    try {
      await jest.isolateModulesAsync(async () => {
        const { privacyPolicy: configured } = await import('../../../src/subpackages/login/policies/privacyPolicy')
        expect(fullText(configured['zh-CN'])).toContain('上海某某科技有限公司')
        expect(fullText(configured['en-US'])).toContain('Shanghai Moumou Technology Co., Ltd.')
        expect(fullText(configured['en-US'])).toContain('help@moumou.example')
        expect(fullText(configured['zh-CN'])).toContain('ICP备案号：沪ICP备2026012345号-1')
      })
    } finally {
      process.env = saved
    }
  })

  it('both languages have the same sections', () => {
    for (const doc of [privacyPolicy, userAgreement]) {
      expect(doc['en-US'].sections.map((s) => s.paragraphs.length)).toEqual(
        doc['zh-CN'].sections.map((s) => s.paragraphs.length),
      )
    }
  })

  it('the agreement promises each type the delivery time its top-up page states (issue 37, item 5)', () => {
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const text = fullText(userAgreement[locale])
      for (const type of lifePayOrderTypeValues) {
        const promise = deliveryTimeText(type, locale)
        expect(text).toContain(locale === 'en-US' ? promise.charAt(0).toLowerCase() + promise.slice(1) : promise)
      }
      expect(text).not.toMatch(/数分钟|within minutes/)
    }
  })

  it('the agreement states the discount rule exactly as home shows it', () => {
    expect(fullText(userAgreement['zh-CN'])).toContain('“9.85折”即按面值的98.5%支付')
    expect(fullText(userAgreement['en-US'])).toContain(
      '"pay 98.5% of face value" means a 100 yuan top-up costs 98.50 yuan',
    )
  })

  it.each([
    ['userPolicy', UserPolicy, 'User agreement', 'Life Pay User Agreement'],
    ['mineUserPolicy', MineUserPolicy, 'User agreement', 'Life Pay User Agreement'],
    ['privacyPolicy', PrivacyPolicyPage, 'Privacy policy', 'Life Pay Privacy Policy'],
  ])('%s renders the whole document under its title', (_, Page, pageTitle, docTitle) => {
    useLocaleStore.setState({ locale: 'en-US' })
    render(<Page />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(pageTitle)
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(docTitle)
    expect(screen.getAllByRole('heading', { level: 3 }).length).toBeGreaterThanOrEqual(8)
    expect(document.querySelector('.lp-page--scroll')).not.toBeNull()
  })
})
