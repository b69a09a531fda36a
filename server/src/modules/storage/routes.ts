import { createReadStream } from 'node:fs'
import { mkdir, stat, writeFile } from 'node:fs/promises'
import { dirname, extname } from 'node:path'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../appContext'
import { ok } from '../../http/envelope'
import { errors } from '../../http/errors'
import { routeSchema } from '../../http/schemas'
import { OSS_PATH, type OssUploadFields } from '../../providers/storage'
import { checkedVoucherBytes, VOUCHER_FOLDER } from '../operator/refundVoucher'
import { boundaryOf, parseMultipart, type MultipartForm } from './multipart'

const UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024

const contentTypes: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
}

declare module 'fastify' {
  interface FastifyRequest {
    multipart?: MultipartForm
  }
}

/**
 * The sandbox bucket: form POST uploads with GetOssSTS credentials (OSS V1 signature), and public reads of the users'
 * folders (refund vouchers are private).
 */
export function registerStorageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const storage = ctx.sandboxes.storage
  if (!storage) return
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: UPLOAD_LIMIT_BYTES },
      (request, body, done) => {
        const boundary = boundaryOf(request.headers['content-type'])
        if (!boundary) return done(errors.badRequest('multipart boundary missing'))
        request.multipart = parseMultipart(body as Buffer, boundary)
        done(null, {})
      },
    )

    scope.withTypeProvider<TypeBoxTypeProvider>().post(
      OSS_PATH,
      {
        bodyLimit: UPLOAD_LIMIT_BYTES,
        schema: routeSchema({
          tags: ['Sandbox (dev)'],
          summary:
            'Sandbox bucket upload: OSS PostObject form (key, policy, OSSAccessKeyId, Signature, x-oss-security-token, file)',
          data: Type.Object({ key: Type.String(), url: Type.String() }),
        }),
      },
      async (request) => {
        const form = request.multipart
        if (!form?.file) throw errors.badRequest('multipart form with a file expected')
        const key = await storage.verifyUpload(form.fields as OssUploadFields)
        const path = key ? storage.objectPath(key) : null
        if (!key || !path) throw errors.ossCredentialsInvalid()
        // A refund voucher is an image by its bytes, whatever its name or declared type (the approval checks again).
        if (key.startsWith(VOUCHER_FOLDER)) checkedVoucherBytes(form.file.data)
        await mkdir(dirname(path), { recursive: true })
        await writeFile(path, form.file.data)
        return ok({ key, url: `${request.protocol}://${request.host}${OSS_PATH}/${key}` })
      },
    )
  })

  app.get<{ Params: { '*': string } }>(`${OSS_PATH}/*`, { schema: { hide: true } }, async (request, reply) => {
    // Refund vouchers are private, as their folder is in the real bucket: operators read them through the server.
    if (request.params['*'].startsWith(VOUCHER_FOLDER)) throw errors.ossObjectNotFound()
    const path = storage.objectPath(request.params['*'])
    const info = path ? await stat(path).catch(() => null) : null
    if (!path || !info?.isFile()) throw errors.ossObjectNotFound()
    const type = contentTypes[extname(path).toLowerCase()] ?? 'application/octet-stream'
    reply.header('content-type', type)
    reply.header('cache-control', 'public, max-age=86400')
    // Uploads are users' files on our own origin: images show inline, anything else downloads; none may run script
    // or be read as another type (nosniff comes with every response).
    reply.header('content-disposition', type.startsWith('image/') ? 'inline' : 'attachment')
    reply.header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox")
    return reply.send(createReadStream(path))
  })
}
