import { Button, Result } from 'antd'
import { Component, type ReactNode } from 'react'

interface Props {
  title: string
  retry: string
  children: ReactNode
}

/** A screen that fails to render (a bug, a chunk that did not load) shows so, with a reload, not a blank page. */
export class ScreenErrorBoundary extends Component<Props, { error: Error | null }> {
  state = { error: null as Error | null }

  static getDerivedStateFromError(error: Error) {
    return { error }
  }

  render() {
    if (!this.state.error) return this.props.children
    return (
      <Result
        status='error'
        title={this.props.title}
        subTitle={this.state.error.message}
        extra={
          <Button type='primary' onClick={() => window.location.reload()}>
            {this.props.retry}
          </Button>
        }
      />
    )
  }
}
