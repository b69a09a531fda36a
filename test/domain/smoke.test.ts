import { hello } from '../../src/domain/smoke'
it('runs', () => expect(hello()).toBe('hi'))
