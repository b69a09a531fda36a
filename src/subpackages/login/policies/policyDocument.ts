/** A legal text as the policy pages show it. */
export interface PolicySection {
  heading: string
  paragraphs: string[]
}

export interface PolicyDocument {
  title: string
  version: string
  effectiveDate: string
  intro: string[]
  sections: PolicySection[]
}
