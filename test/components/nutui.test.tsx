import { fireEvent, render, screen } from '@testing-library/react'
import { Button, Cell, Input } from '@nutui/nutui-react-taro'

// The harness renders NutUI's Taro components in jsdom per component (babel maps the imports as the build does).
describe('NutUI in the test harness', () => {
  it('renders a button that can be clicked, and not while disabled', () => {
    const onClick = jest.fn()
    const { rerender } = render(<Button onClick={onClick}>Pay</Button>)
    fireEvent.click(screen.getByText('Pay'))
    expect(onClick).toHaveBeenCalledTimes(1)
    rerender(
      <Button disabled onClick={onClick}>
        Pay
      </Button>,
    )
    fireEvent.click(screen.getByText('Pay'))
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it('renders cells and inputs with their content', () => {
    const { container } = render(
      <>
        <Cell title='Orders' extra='3' />
        <Input placeholder='Phone number' defaultValue='13800138000' />
      </>,
    )
    expect(screen.getByText('Orders')).not.toBeNull()
    expect(container.querySelector('.nut-input')).not.toBeNull()
  })
})
