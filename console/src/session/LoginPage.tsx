import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Card, Form, Input, Typography } from 'antd'
import { operatorLogin, sessionQuery } from '../api/session'
import { commonMessages } from '../i18n/common'
import { defineMessages, useMessages } from '../i18n/messages'
import { LanguageSwitch } from '../layout/LanguageSwitch'

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

/** The console's door: an operator account's name and password (the session is an httpOnly cookie). */
export function LoginPage({ notice }: { notice?: string }) {
  const text = useMessages(messages)
  const common = useMessages(commonMessages)
  const queryClient = useQueryClient()
  const login = useMutation({
    mutationFn: operatorLogin,
    onSuccess: (session) => queryClient.setQueryData(sessionQuery.queryKey, session),
  })
  return (
    <main className='lp-login'>
      <Card className='lp-login__card'>
        <div className='lp-login__head'>
          <Typography.Title level={3}>{common.productName}</Typography.Title>
          <LanguageSwitch />
        </div>
        <Typography.Paragraph type='secondary'>{text.title}</Typography.Paragraph>
        {notice && !login.isError ? <Alert type='info' showIcon title={notice} className='lp-login__alert' /> : null}
        {login.isError ? (
          <Alert type='error' showIcon role='alert' title={login.error.message} className='lp-login__alert' />
        ) : null}
        <Form<LoginForm> layout='vertical' onFinish={(values) => login.mutate(values)} requiredMark={false}>
          <Form.Item
            label={text.loginName}
            name='loginName'
            rules={[{ required: true, whitespace: true, message: text.loginNameRequired }]}
          >
            <Input autoComplete='username' autoFocus maxLength={64} />
          </Form.Item>
          <Form.Item label={text.password} name='password' rules={[{ required: true, message: text.passwordRequired }]}>
            <Input.Password autoComplete='current-password' maxLength={128} />
          </Form.Item>
          <Button type='primary' htmlType='submit' block loading={login.isPending}>
            {text.submit}
          </Button>
        </Form>
      </Card>
    </main>
  )
}
