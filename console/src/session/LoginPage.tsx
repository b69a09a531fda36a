import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Card, Form, Input, Typography } from 'antd'
import { useState } from 'react'
import type { OperatorLoginInput } from '@contract/operators'
import { ApiError } from '../api/http'
import { operatorLogin, sessionQuery } from '../api/session'
import { commonMessages } from '../i18n/common'
import { defineMessages, useMessages } from '../i18n/messages'
import { LanguageSwitch } from '../layout/LanguageSwitch'
import { totpMessages } from './totpMessages'

const messages = defineMessages(
  {
    title: '运营后台登录',
    loginName: '账号',
    password: '密码',
    loginNameRequired: '请输入账号',
    passwordRequired: '请输入密码',
    submit: '登录',
  },
  {
    title: 'Operator login',
    loginName: 'Login name',
    password: 'Password',
    loginNameRequired: 'Enter your login name',
    passwordRequired: 'Enter your password',
    submit: 'Log in',
  },
)

interface LoginForm {
  loginName: string
  password: string
}

/** The server's answer to a right password when the account has two-step verification: a step, not an error. */
const asksForCode = (error: Error | null) => error instanceof ApiError && error.code === 'TOTP_REQUIRED'

/**
 * The console's door: an operator account's name and password, then — with two-step verification on — the code of
 * the authenticator app or a recovery code (the name and password are sent again with it; the session is an
 * httpOnly cookie).
 */
export function LoginPage({ notice }: { notice?: string }) {
  const text = useMessages(messages)
  const totp = useMessages(totpMessages)
  const common = useMessages(commonMessages)
  const queryClient = useQueryClient()
  // The name and password a second factor is asked for; held in memory only until the login ends.
  const [credentials, setCredentials] = useState<LoginForm | null>(null)
  const [recovery, setRecovery] = useState(false)
  const login = useMutation({
    mutationFn: (input: OperatorLoginInput) => operatorLogin(input),
    onSuccess: (session) => queryClient.setQueryData(sessionQuery.queryKey, session),
    onError: (error, input) => {
      if (asksForCode(error)) setCredentials({ loginName: input.loginName, password: input.password })
    },
  })
  const refusal = login.isError && !asksForCode(login.error) ? login.error.message : null
  const back = () => {
    setCredentials(null)
    setRecovery(false)
    login.reset()
  }
  return (
    <main className='lp-login'>
      <Card className='lp-login__card'>
        <div className='lp-login__head'>
          <Typography.Title level={3}>{common.productName}</Typography.Title>
          <LanguageSwitch />
        </div>
        <Typography.Paragraph type='secondary'>{credentials ? totp.secondStep : text.title}</Typography.Paragraph>
        {notice && !login.isError ? <Alert type='info' showIcon title={notice} className='lp-login__alert' /> : null}
        {refusal ? <Alert type='error' showIcon role='alert' title={refusal} className='lp-login__alert' /> : null}
        {credentials ? (
          <Form<{ code: string }>
            key={recovery ? 'recovery' : 'code'}
            layout='vertical'
            requiredMark={false}
            onFinish={({ code }) =>
              login.mutate({ ...credentials, ...(recovery ? { recoveryCode: code } : { totpCode: code.trim() }) })
            }
          >
            <Typography.Paragraph>{recovery ? totp.enterRecovery : totp.enterCode}</Typography.Paragraph>
            {recovery ? (
              <Form.Item
                label={totp.recoveryCode}
                name='code'
                rules={[{ required: true, whitespace: true, message: totp.recoveryRequired }]}
              >
                <Input autoComplete='off' autoFocus maxLength={32} />
              </Form.Item>
            ) : (
              <Form.Item
                label={totp.code}
                name='code'
                rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: totp.codeRequired }]}
              >
                <Input inputMode='numeric' autoComplete='one-time-code' autoFocus maxLength={6} />
              </Form.Item>
            )}
            <Button type='primary' htmlType='submit' block loading={login.isPending}>
              {totp.submit}
            </Button>
            <div className='lp-login__links'>
              <Button type='link' onClick={back}>
                {totp.back}
              </Button>
              <Button type='link' onClick={() => setRecovery(!recovery)}>
                {recovery ? totp.useApp : totp.useRecovery}
              </Button>
            </div>
          </Form>
        ) : (
          <Form<LoginForm> layout='vertical' onFinish={(values) => login.mutate(values)} requiredMark={false}>
            <Form.Item
              label={text.loginName}
              name='loginName'
              rules={[{ required: true, whitespace: true, message: text.loginNameRequired }]}
            >
              <Input autoComplete='username' autoFocus maxLength={64} />
            </Form.Item>
            <Form.Item
              label={text.password}
              name='password'
              rules={[{ required: true, message: text.passwordRequired }]}
            >
              <Input.Password autoComplete='current-password' maxLength={128} />
            </Form.Item>
            <Button type='primary' htmlType='submit' block loading={login.isPending}>
              {text.submit}
            </Button>
          </Form>
        )}
      </Card>
    </main>
  )
}
