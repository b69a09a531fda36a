import {
  AccountBookOutlined,
  AlertOutlined,
  AuditOutlined,
  BankOutlined,
  DashboardOutlined,
  FileSearchOutlined,
  PercentageOutlined,
  RollbackOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons'
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react'
import type { OperatorRole } from '@domain/operatorRole'
import type { commonMessages } from './i18n/common'

type MenuKey = keyof (typeof commonMessages)['zh-CN']

/** A screen of the console: its address under /console, its menu entry, and the least role that sees it. */
export interface Screen {
  path: string
  menu: MenuKey
  icon: ReactNode
  role: OperatorRole
  page: LazyExoticComponent<ComponentType>
}

// Each screen is its own chunk: an operator who only reviews refunds never downloads the charts.
export const screens: Screen[] = [
  {
    path: '/',
    menu: 'menuDashboard',
    icon: <DashboardOutlined />,
    role: 'viewer',
    page: lazy(() => import('./pages/dashboard/DashboardPage')),
  },
  {
    path: '/orders',
    menu: 'menuOrders',
    icon: <FileSearchOutlined />,
    role: 'viewer',
    page: lazy(() => import('./pages/orders/OrdersPage')),
  },
  {
    path: '/refunds',
    menu: 'menuRefunds',
    icon: <RollbackOutlined />,
    role: 'viewer',
    page: lazy(() => import('./pages/refunds/RefundsPage')),
  },
  {
    path: '/reconciliation',
    menu: 'menuReconciliation',
    icon: <AccountBookOutlined />,
    role: 'viewer',
    page: lazy(() => import('./pages/money/ReconciliationPage')),
  },
  {
    path: '/orphan-payments',
    menu: 'menuOrphanPayments',
    icon: <AlertOutlined />,
    role: 'viewer',
    page: lazy(() => import('./pages/money/OrphanPaymentsPage')),
  },
  {
    path: '/rates',
    menu: 'menuRates',
    icon: <PercentageOutlined />,
    role: 'viewer',
    page: lazy(() => import('./pages/rates/RatesPage')),
  },
  {
    path: '/channels',
    menu: 'menuChannels',
    icon: <BankOutlined />,
    role: 'viewer',
    page: lazy(() => import('./pages/channels/ChannelsPage')),
  },
  {
    path: '/users',
    menu: 'menuUsers',
    icon: <UserOutlined />,
    role: 'viewer',
    page: lazy(() => import('./pages/users/UsersPage')),
  },
  {
    path: '/accounts',
    menu: 'menuAccounts',
    icon: <WalletOutlined />,
    role: 'viewer',
    page: lazy(() => import('./pages/accounts/AccountsPage')),
  },
  {
    path: '/jobs',
    menu: 'menuJobs',
    icon: <ScheduleOutlined />,
    role: 'viewer',
    page: lazy(() => import('./pages/jobs/JobsPage')),
  },
  {
    path: '/audit',
    menu: 'menuAudit',
    icon: <AuditOutlined />,
    role: 'viewer',
    page: lazy(() => import('./pages/audit/AuditPage')),
  },
  {
    path: '/operators',
    menu: 'menuOperators',
    icon: <TeamOutlined />,
    role: 'admin',
    page: lazy(() => import('./pages/operators/OperatorsPage')),
  },
  {
    path: '/security',
    menu: 'menuSecurity',
    icon: <SafetyOutlined />,
    role: 'viewer',
    page: lazy(() => import('./pages/security/SecurityPage')),
  },
]

/** An order's page (reached from the orders list, the refund queue, the audit trail). */
export const OrderDetailPage = lazy(() => import('./pages/orders/OrderDetailPage'))
