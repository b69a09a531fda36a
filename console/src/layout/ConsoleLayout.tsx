import { LogoutOutlined } from '@ant-design/icons'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Button, Layout, Menu, Space, Spin, Tag, Typography } from 'antd'
import { Suspense, type ReactNode } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { label } from '@domain/locale'
import { operatorRoleLabels, roleAtLeast } from '@domain/operatorRole'
import { operatorLogout } from '../api/session'
import { commonMessages } from '../i18n/common'
import { useLocale } from '../i18n/locale'
import { useMessages } from '../i18n/messages'
import { ScreenErrorBoundary } from '../components/ScreenErrorBoundary'
import { screens } from '../screens'
import { endSession } from '../session/endSession'
import { useOperator } from '../session/useOperator'
import { LanguageSwitch } from './LanguageSwitch'

/** The menu of the screens the operator's role sees, the operator, language and logout; the screen in the middle. */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  const text = useMessages(commonMessages)
  const locale = useLocale((state) => state.locale)
  const operator = useOperator()
  const navigate = useNavigate()
  const location = useLocation()
  const queryClient = useQueryClient()
  const logout = useMutation({
    mutationFn: operatorLogout,
    onSettled: () => endSession(queryClient),
  })
  const visible = screens.filter((screen) => roleAtLeast(operator.role, screen.role))
  const selected = visible
    .filter((screen) => (screen.path === '/' ? location.pathname === '/' : location.pathname.startsWith(screen.path)))
    .map((screen) => screen.path)
  return (
    <Layout className='lp-shell'>
      <Layout.Sider width={208} theme='light' className='lp-shell__sider'>
        <div className='lp-shell__brand'>{text.productName}</div>
        <Menu
          mode='inline'
          className='lp-shell__menu'
          selectedKeys={selected}
          items={visible.map((screen) => ({ key: screen.path, icon: screen.icon, label: text[screen.menu] }))}
          onClick={({ key }) => navigate(key)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className='lp-shell__header'>
          <Space size='middle'>
            <Typography.Text strong>{operator.displayName || operator.loginName}</Typography.Text>
            <Tag color={operator.role === 'admin' ? 'gold' : operator.role === 'reviewer' ? 'blue' : 'default'}>
              {label(operatorRoleLabels, operator.role, locale)}
            </Tag>
            <LanguageSwitch />
            <Button icon={<LogoutOutlined />} loading={logout.isPending} onClick={() => logout.mutate()}>
              {text.logout}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content className='lp-shell__content'>
          <ScreenErrorBoundary key={location.pathname} title={text.loadFailed} retry={text.retry}>
            <Suspense fallback={<Spin className='lp-shell__loading' aria-label={text.loading} />}>{children}</Suspense>
          </ScreenErrorBoundary>
        </Layout.Content>
      </Layout>
    </Layout>
  )
}
