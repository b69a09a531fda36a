/** GET /api/Area/GetRegionalManagementList — provinces with their cities. */
export interface RegionalManagement {
  areaCode: string
  areaName: string
  children: RegionalManagement[]
}
