import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { UserInfo } from '@contract/account'
import type { AppContext } from '../../appContext'
import type { AuthHooks } from '../../http/auth'
import { ok } from '../../http/envelope'
import { errors } from '../../http/errors'
import { routeSchema } from '../../http/schemas'
import { findUserById, toUserInfo } from '../account/users'

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/User/GetUserInfo',
    {
      onRequest: auth.user,
      schema: routeSchema({ tags: ['User'], summary: 'The logged-in user', auth: 'user', data: UserInfo }),
    },
    async (request) => {
      const user = await findUserById(ctx.db, request.userId)
      // A token outliving its user is as good as no token.
      if (!user) throw errors.unauthorized()
      return ok(toUserInfo(user))
    },
  )
}
