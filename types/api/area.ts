import { Type, type Static } from '@sinclair/typebox'

const city = Type.Object({ areaCode: Type.String(), areaName: Type.String(), children: Type.Array(Type.Object({})) })

/** GET /api/Area/GetRegionalManagementList — provinces with their cities (whose `children` are empty). */
export const RegionalManagement = Type.Object({
  areaCode: Type.String(),
  areaName: Type.String(),
  children: Type.Array(city),
})
export type RegionalManagement = Static<typeof RegionalManagement>
