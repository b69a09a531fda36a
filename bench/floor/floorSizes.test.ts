// node --import tsx --test bench/floor/*.test.ts
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { h5SizesOf as h5 } from '../size/h5SizesFixture'
import { floorSizeSection, type SizeFigures } from './floorSizes'

const row = (section: string, figure: string) => section.split('\n').find((line) => line.startsWith(`| ${figure}`))

test('each target beside our figure and the floor, the largest route and subpackage named, what is over said', () => {
  const ours: SizeFigures = {
    h5: h5(120, [
      ['pages/home/index', 140],
      ['subpackages/order/order/order', 155.5],
    ]),
    minis: [
      {
        platform: 'weapp',
        packages: [
          { name: 'main', bytes: 400 * 1024 },
          { name: 'subpackages/recharge', bytes: 130 * 1024 },
          { name: 'subpackages/order', bytes: 90 * 1024 },
        ],
        mainFiles: [],
      },
    ],
  }
  const floor: SizeFigures = {
    h5: h5(94, [['pages/index/index', 97.4]]),
    minis: [{ platform: 'weapp', packages: [{ name: 'main', bytes: 246 * 1024 }], mainFiles: [] }],
  }
  const section = floorSizeSection(ours, floor)
  assert.match(row(section, 'H5 shell') ?? '', /\|\s+120\.0 \|\s+94\.0 \|\s+110 \|\s+10\.0 \|$/)
  assert.match(
    row(section, 'H5 largest route') ?? '',
    /subpackages\/order\/order\/order \|\s+155\.5 \|\s+97\.4 \|\s+150 \|\s+5\.5 \|$/,
  )
  assert.match(row(section, 'weapp main package') ?? '', /\|\s+400\.0 \|\s+246\.0 \|\s+410 \|\s+met \|$/)
  assert.match(
    row(section, 'weapp largest subpackage') ?? '',
    /subpackages\/recharge \|\s+130\.0 \|\s+– \|\s+100 \|\s+30\.0 \|$/,
  )
})

test('a build that is missing (no alipay, no floor) prints a dash, never a made-up figure', () => {
  const section = floorSizeSection({ h5: null, minis: [] }, { h5: null, minis: [] })
  assert.match(row(section, 'H5 shell') ?? '', /\|\s+– \|\s+– \|\s+110 \|\s+– \|$/)
  assert.equal(row(section, 'alipay main package'), undefined)
})
