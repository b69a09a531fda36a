import { createHmac } from 'node:crypto'

/** WeChat code2session: the mini-program's login code exchanged for the user's openId and a session key. */
export interface WxSession {
  appId: string
  openId: string
  sessionKey: string
  unionId: string | null
}

export interface IdentityProvider {
  readonly sandbox: boolean
  readonly appId: string
  code2Session(code: string): Promise<WxSession>
}

export const SANDBOX_WX_APP_ID = 'wxsandbox0lifepay'

/** Deterministic sandbox: the same code always gives the same openId and session key. */
export function createSandboxIdentity(secret: string): IdentityProvider {
  const derive = (purpose: string, value: string) => createHmac('sha256', secret).update(`${purpose}:${value}`).digest()
  return {
    sandbox: true,
    appId: SANDBOX_WX_APP_ID,
    async code2Session(code) {
      const openId = `o_sbx${derive('openid', code).toString('base64url').slice(0, 23)}`
      return {
        appId: SANDBOX_WX_APP_ID,
        openId,
        sessionKey: derive('session-key', openId).subarray(0, 16).toString('base64'),
        unionId: `u_sbx${derive('unionid', code).toString('base64url').slice(0, 23)}`,
      }
    },
  }
}
