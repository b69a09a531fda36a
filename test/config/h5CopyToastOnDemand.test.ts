/** @jest-environment node */
import { showToast } from '../../config/h5CopyToastOnDemand'

// Taro's H5 setClipboardData imports this in place of its interaction module (config/index.ts): the copy's toast
// loads Taro's module on the copy. Here the module is a record of what it was asked to show, or a chunk that fails.
let mockChunkFails = false
const mockShown: unknown[] = []

jest.mock('@tarojs/taro-h5/dist/api/ui/interaction/index.js', () => {
  if (mockChunkFails) throw Object.assign(new Error('Loading chunk taroPopups failed.'), { name: 'ChunkLoadError' })
  return { showToast: (options: unknown) => mockShown.push(options) }
})

beforeEach(() => {
  jest.resetModules()
  mockShown.length = 0
})

it("shows Taro's toast with the words setClipboardData gave, once its module is there", async () => {
  mockChunkFails = false
  await showToast({ title: '内容已复制', icon: 'none', duration: 1500 })
  expect(mockShown).toEqual([{ title: '内容已复制', icon: 'none', duration: 1500 }])
})

it('shows nothing and does not reject when the module cannot be loaded (the copy is done by then)', async () => {
  mockChunkFails = true
  await expect(showToast({ title: '内容已复制', icon: 'none', duration: 1500 })).resolves.toBeUndefined()
  expect(mockShown).toEqual([])
})
