import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Result } from 'lighthouse'
import { accessibilityFailures } from './lighthouseAudit'

// The shape of Lighthouse 12's axe audits (abridged).
const lhr = {
  categories: {
    accessibility: {
      auditRefs: [
        { id: 'color-contrast', weight: 7 },
        { id: 'image-alt', weight: 10 },
        { id: 'label', weight: 7 },
        { id: 'tabindex', weight: 0 },
      ],
    },
  },
  audits: {
    'color-contrast': {
      title: 'Background and foreground colors do not have a sufficient contrast ratio.',
      score: 0,
      details: {
        items: [
          {
            node: {
              selector: 'div.lp-home > taro-text-core.lp-hint',
              snippet: '<taro-text-core class="lp-hint">\n  省 2 元</taro-text-core>',
              nodeLabel: '省 2 元',
              explanation:
                'Fix any of the following:\n  Element has insufficient color contrast of 2.81 (foreground color: #ff7a1a, background color: #ffffff). Expected contrast ratio of 4.5:1',
            },
          },
        ],
      },
    },
    'image-alt': {
      title: 'Image elements do not have [alt] attributes',
      score: 0,
      details: { items: [{ node: { selector: 'img', snippet: '<img src="a.svg">' } }] },
    },
    label: { title: 'Form elements have associated labels', score: 1, details: { items: [] } },
    tabindex: { title: 'No element has a [tabindex] value greater than 0', score: 0, details: { items: [] } },
  },
} as unknown as Result

test('lists every failing weighted accessibility audit, heaviest first, with its elements and axe’s reason', () => {
  assert.deepEqual(accessibilityFailures(lhr), [
    {
      id: 'image-alt',
      title: 'Image elements do not have [alt] attributes',
      weight: 10,
      elements: ['img <img src="a.svg">'],
    },
    {
      id: 'color-contrast',
      title: 'Background and foreground colors do not have a sufficient contrast ratio.',
      weight: 7,
      elements: [
        'div.lp-home > taro-text-core.lp-hint <taro-text-core class="lp-hint"> 省 2 元</taro-text-core> “省 2 元” — Element has insufficient color contrast of 2.81 (foreground color: #ff7a1a, background color: #ffffff). Expected contrast ratio of 4.5:1',
      ],
    },
  ])
})
