import type { Labels } from './locale'

/** Kind of enterprise in a cooperation application (screens not in the SPEC). */
export enum EnterpriseKind {
  HREnterprise = 10,
  FirstPartyCompany = 20,
  IndustryMating = 30,
  IndustryBody = 40,
}

export const enterpriseKindValues: readonly EnterpriseKind[] = [
  EnterpriseKind.HREnterprise,
  EnterpriseKind.FirstPartyCompany,
  EnterpriseKind.IndustryMating,
  EnterpriseKind.IndustryBody,
]

export const enterpriseKindLabels: Labels<EnterpriseKind> = {
  'zh-CN': {
    [EnterpriseKind.HREnterprise]: '人力资源企业',
    [EnterpriseKind.FirstPartyCompany]: '甲方企业',
    [EnterpriseKind.IndustryMating]: '行业配套',
    [EnterpriseKind.IndustryBody]: '行业机构',
  },
  'en-US': {
    [EnterpriseKind.HREnterprise]: 'HR enterprise',
    [EnterpriseKind.FirstPartyCompany]: 'First-party company',
    [EnterpriseKind.IndustryMating]: 'Industry mating',
    [EnterpriseKind.IndustryBody]: 'Industry body',
  },
}
