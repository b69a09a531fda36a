import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Select, Space, Table, Tag } from 'antd'
import { useState } from 'react'
import { label } from '@domain/locale'
import { operatorRoleLabels, operatorRoleValues, type OperatorRole } from '@domain/operatorRole'
import type { OperatorAccount } from '@contract/operators'
import { disableOperator, enableOperator, operatorsQuery, setOperatorRole } from '../../api/operators'
import { resetOperatorTotp } from '../../api/totp'
import { dateTime } from '../../components/displayValues'
import { PageHeader } from '../../components/PageHeader'
import { QueryError } from '../../components/QueryError'
import { commonMessages } from '../../i18n/common'
import { useLocale } from '../../i18n/locale'
import { format, useMessages } from '../../i18n/messages'
import { useOperator } from '../../session/useOperator'
import { AddOperatorForm } from './AddOperatorForm'
import { operatorsMessages } from './messages'

export default function OperatorsPage() {
  const text = useMessages(operatorsMessages)
  const common = useMessages(commonMessages)
  const locale = useLocale((state) => state.locale)
  const me = useOperator()
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  const operators = useQuery(operatorsQuery)
  const [adding, setAdding] = useState(false)
  const nameOf = (account: OperatorAccount) => account.displayName || account.loginName
  const roleName = (role: OperatorRole) => label(operatorRoleLabels, role, locale)
  const refresh = () => void queryClient.invalidateQueries({ queryKey: operatorsQuery.queryKey })

  const changeRole = useMutation({
    mutationFn: ({ loginName, role }: { loginName: string; role: OperatorRole }) => setOperatorRole(loginName, role),
    onSuccess: (account) => {
      refresh()
      message.success(format(text.roleChanged, { name: nameOf(account), role: roleName(account.role) }))
    },
    onError: (error) => message.error(error.message),
  })
  const disable = useMutation({
    mutationFn: disableOperator,
    onSuccess: (account) => {
      refresh()
      message.success(format(text.disabledDone, { name: nameOf(account) }))
    },
    onError: (error) => message.error(error.message),
  })

  const enable = useMutation({
    mutationFn: enableOperator,
    onSuccess: (account) => {
      refresh()
      message.success(format(text.enabledDone, { name: nameOf(account) }))
    },
    onError: (error) => message.error(error.message),
  })

  const resetTotp = useMutation({
    mutationFn: resetOperatorTotp,
    onSuccess: (account) => {
      refresh()
      message.success(format(text.resetTotpDone, { name: nameOf(account) }))
    },
    onError: (error) => message.error(error.message),
  })

  const confirmResetTotp = (account: OperatorAccount) =>
    modal.confirm({
      title: format(text.resetTotpTitle, { name: nameOf(account) }),
      content: text.resetTotpBody,
      okText: text.resetTotp,
      okButtonProps: { danger: true },
      cancelText: common.cancel,
      onOk: () => resetTotp.mutateAsync(account.loginName).catch(() => {}),
    })

  const confirmRole = (account: OperatorAccount, role: OperatorRole) =>
    modal.confirm({
      title: format(text.roleTitle, { name: nameOf(account), role: roleName(role) }),
      content: text.roleBody,
      okText: common.confirm,
      cancelText: common.cancel,
      onOk: () => changeRole.mutateAsync({ loginName: account.loginName, role }).catch(() => {}),
    })
  const confirmDisable = (account: OperatorAccount) =>
    modal.confirm({
      title: format(text.disableTitle, { name: nameOf(account) }),
      content: text.disableBody,
      okText: text.disable,
      okButtonProps: { danger: true },
      cancelText: common.cancel,
      onOk: () => disable.mutateAsync(account.loginName).catch(() => {}),
    })

  const confirmEnable = (account: OperatorAccount) =>
    modal.confirm({
      title: format(text.enableTitle, { name: nameOf(account) }),
      content: text.enableBody,
      okText: text.enable,
      cancelText: common.cancel,
      onOk: () => enable.mutateAsync(account.loginName).catch(() => {}),
    })

  return (
    <>
      <PageHeader
        title={text.title}
        extra={
          <Button type='primary' onClick={() => setAdding(true)}>
            {text.add}
          </Button>
        }
      />
      {operators.isError ? (
        <QueryError error={operators.error} onRetry={() => void operators.refetch()} />
      ) : (
        <Table<OperatorAccount>
          data-testid='operators-table'
          rowKey='id'
          loading={operators.isFetching}
          dataSource={operators.data}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showTotal: (count) => format(common.total, { count }) }}
          locale={{ emptyText: common.empty }}
          columns={[
            {
              title: text.loginName,
              dataIndex: 'loginName',
              sorter: (a, b) => a.loginName.localeCompare(b.loginName),
              render: (loginName: string) => (loginName === me.loginName ? `${loginName}${text.you}` : loginName),
            },
            { title: text.displayName, dataIndex: 'displayName', render: (name: string) => name || '—' },
            {
              title: text.role,
              dataIndex: 'role',
              sorter: (a, b) => operatorRoleValues.indexOf(a.role) - operatorRoleValues.indexOf(b.role),
              render: (role: OperatorRole, account) =>
                // Your own role and a disabled account's stay as they are: changing yours would log you out.
                account.loginName === me.loginName || account.disabled ? (
                  roleName(role)
                ) : (
                  <Select<OperatorRole>
                    value={role}
                    aria-label={format(text.roleOf, { name: nameOf(account) })}
                    style={{ width: 120 }}
                    onChange={(next) => confirmRole(account, next)}
                    options={operatorRoleValues.map((value) => ({ value, label: roleName(value) }))}
                  />
                ),
            },
            {
              title: text.status,
              dataIndex: 'disabled',
              filters: [
                { text: text.active, value: false },
                { text: text.disabled, value: true },
              ],
              onFilter: (value, account) => account.disabled === value,
              render: (disabled: boolean) =>
                disabled ? <Tag color='red'>{text.disabled}</Tag> : <Tag color='green'>{text.active}</Tag>,
            },
            {
              title: text.totp,
              dataIndex: 'totpEnabled',
              render: (enabled: boolean) =>
                enabled ? <Tag color='green'>{text.totpOn}</Tag> : <Tag>{text.totpOff}</Tag>,
            },
            {
              title: text.created,
              dataIndex: 'creationTime',
              sorter: (a, b) => a.creationTime.localeCompare(b.creationTime),
              render: dateTime,
            },
            {
              title: text.lastLogin,
              dataIndex: 'lastLoginTime',
              sorter: (a, b) => (a.lastLoginTime ?? '').localeCompare(b.lastLoginTime ?? ''),
              render: dateTime,
            },
            {
              title: common.actions,
              key: 'actions',
              render: (_: unknown, account) => {
                if (account.loginName === me.loginName) return null
                return (
                  <Space size='small'>
                    {account.disabled ? (
                      <Button
                        size='small'
                        onClick={() => confirmEnable(account)}
                        loading={enable.isPending && enable.variables === account.loginName}
                      >
                        {text.enable}
                      </Button>
                    ) : (
                      <Button
                        danger
                        size='small'
                        onClick={() => confirmDisable(account)}
                        loading={disable.isPending && disable.variables === account.loginName}
                      >
                        {text.disable}
                      </Button>
                    )}
                    {account.totpEnabled ? (
                      <Button
                        size='small'
                        onClick={() => confirmResetTotp(account)}
                        loading={resetTotp.isPending && resetTotp.variables === account.loginName}
                      >
                        {text.resetTotp}
                      </Button>
                    ) : null}
                  </Space>
                )
              },
            },
          ]}
        />
      )}
      {adding && <AddOperatorForm onClose={() => setAdding(false)} />}
    </>
  )
}
