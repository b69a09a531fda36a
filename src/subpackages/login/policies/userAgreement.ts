import { deliveryTimeSummary } from '@domain/deliveryTime'
import type { Locale } from '@domain/locale'
import { operatorDetails } from './operator'
import type { PolicyDocument } from './policyDocument'

const zh = operatorDetails['zh-CN']
const en = operatorDetails['en-US']

/** The user agreement (userPolicy, and mineUserPolicy from Mine). */
export const userAgreement: Record<Locale, PolicyDocument> = {
  'zh-CN': {
    title: '生活缴费用户服务协议',
    version: '1.0',
    effectiveDate: zh.effectiveDate,
    intro: [
      `欢迎使用“生活缴费”（以下简称“本服务”）。本服务由${zh.name}（以下简称“我们”）通过微信小程序、支付宝小程序及手机网页（H5）向您提供话费、电费、燃气费在线充值服务。`,
      '请您在注册、登录或使用本服务前仔细阅读并充分理解本协议的全部内容，特别是免除或限制我们责任的条款（第七条）和争议解决条款（第十条）。您勾选“我已阅读并同意”或实际使用本服务，即表示您已阅读并同意本协议及《隐私政策》。',
      '如您未满18周岁，请在监护人的陪同下阅读本协议，并在取得监护人同意后使用本服务。',
    ],
    sections: [
      {
        heading: '一、服务内容',
        paragraphs: [
          '1. 本服务提供手机话费（中国移动、中国联通、中国电信）、电费（国家电网、南方电网覆盖地区）和燃气费的在线充值，以及订单查询、常用户号保存、退款申请等功能。',
          '2. 充值由我们合作的充值服务商向运营商、电网公司或燃气公司办理，款项通过微信支付或支付宝收取。我们不是运营商、电网公司或燃气公司，不处理您与其之间的套餐、计费、欠费等争议，但会协助您查询充值记录。',
          '3. 单笔充值面值不超过300元，可选面值以下单页面展示为准。',
        ],
      },
      {
        heading: '二、账号注册与登录',
        paragraphs: [
          '1. 您可以通过手机号和短信验证码、账号和密码，或在微信、支付宝中授权手机号的方式注册和登录。通过短信验证码验证的手机号可直接用于充值。',
          '2. 您应使用本人合法持有的手机号，并妥善保管密码和验证码。验证码是您本人操作的凭证，请勿告诉任何人；我们的工作人员不会向您索要验证码。因您泄露密码或验证码造成的损失由您承担，因我们的过错造成的除外。',
          '3. 您通过推广二维码进入本服务时，我们会记录该二维码对应的推广标识，仅用于推广结算和统计，不影响您的价格和服务。',
          '4. 发现账号被他人使用或存在安全问题时，请立即联系我们，我们会协助您处理。',
        ],
      },
      {
        heading: '三、充值规则',
        paragraphs: [
          '1. 下单前请仔细核对充值号码或户号、面值和应付金额。因填写错误导致充值到他人账户的，充值成功后款项通常无法追回，我们会尽力协助，但不承诺一定追回。',
          '2. 页面展示的折扣表示您实际支付的金额占充值面值的比例，例如“9.85折”即按面值的98.5%支付。实付金额按“面值×折扣”计算并四舍五入到分，以下单页面显示的金额为准；未显示折扣的按面值支付。',
          '3. 订单创建后30分钟内未支付的，订单自动关闭，需要重新下单。',
          `4. 支付成功后的到账时间：${deliveryTimeSummary('zh-CN')}。遇运营商、电网或燃气公司系统维护、月末结算等情况可能延迟，但不超过上述最长时间。处理期间订单显示“充值中”。`,
          '5. 电费、燃气费到账后，余额的显示时间和能否立即用电、用气，以电网公司、燃气公司的系统为准。',
          '6. 充值失败的，我们会自动将款项原路退回您的支付账户，退款到账时间以微信支付或支付宝的处理为准。',
        ],
      },
      {
        heading: '四、退款',
        paragraphs: [
          '1. 已支付且正在充值或已充值成功的订单，您可以在订单详情中申请退款并填写原因，我们审核后处理。',
          '2. 已成功到账的话费、电费、燃气费通常无法从对方账户撤回，此类退款申请可能被拒绝，我们会在订单中写明原因。',
          '3. 审核通过的退款原路退回；审核中或已退款的订单不能重复申请。',
        ],
      },
      {
        heading: '五、使用规范',
        paragraphs: [
          '您不得利用本服务从事以下行为：冒用他人身份、账户或支付工具；套现、洗钱、虚假交易或恶意刷单；利用系统漏洞或其他不正当手段获取优惠；干扰或破坏本服务的正常运行；其他违反法律法规或公序良俗的行为。',
          '发现上述行为时，我们有权暂停相关订单、限制或终止向您提供服务，并依法向有关部门报告。',
        ],
      },
      {
        heading: '六、知识产权',
        paragraphs: [
          '本服务的界面设计、文字、图标、软件等内容的知识产权归我们或相关权利人所有。未经书面许可，任何人不得复制、修改、传播或用于商业用途。',
        ],
      },
      {
        heading: '七、责任限制',
        paragraphs: [
          '1. 因不可抗力、运营商、电网公司、燃气公司或支付机构的系统故障、网络中断、政府行为等我们无法控制的原因导致充值延迟或失败的，我们会尽力协助处理并按本协议退款，但不承担由此产生的间接损失。',
          '2. 在法律允许的范围内，我们对单笔订单承担的赔偿责任以该订单您实际支付的金额为限；因我们的故意或重大过失造成的损失，以及法律规定不得限制的责任除外。',
        ],
      },
      {
        heading: '八、服务的变更、中止与终止',
        paragraphs: [
          '1. 我们可能因业务调整或系统维护变更、中止或终止部分服务，并提前在页面公告（紧急维护除外）。服务终止前已支付的订单仍按本协议处理。',
          '2. 您可以随时停止使用本服务，也可以联系我们注销账号。注销前请确认没有充值中或退款中的订单；注销后，账号信息按《隐私政策》处理。',
        ],
      },
      {
        heading: '九、协议的修改',
        paragraphs: [
          '我们可能因法律法规或业务变化修改本协议。修改后的协议在本页面公布并更新生效日期；涉及您重大权益的变更，我们会以弹窗等显著方式提示您。您不同意修改的，可以停止使用本服务；继续使用即表示您接受修改后的协议。',
        ],
      },
      {
        heading: '十、法律适用与争议解决',
        paragraphs: [
          `本协议适用中华人民共和国法律（为本协议之目的，不包括香港、澳门特别行政区和台湾地区法律）。因本协议产生的争议，双方应友好协商解决；协商不成的，任何一方可向${zh.name}住所地有管辖权的人民法院提起诉讼。`,
        ],
      },
      {
        heading: '十一、联系我们',
        paragraphs: [
          `运营方：${zh.name}`,
          `客服邮箱：${zh.email}`,
          `客服电话：${zh.phone}`,
          `联系地址：${zh.address}`,
          `ICP备案号：${zh.icpFiling}`,
          '我们会在收到您的问题后15个工作日内答复。',
        ],
      },
    ],
  },
  'en-US': {
    title: 'Life Pay User Agreement',
    version: '1.0',
    effectiveDate: en.effectiveDate,
    intro: [
      `Welcome to Life Pay (the "Service"). The Service is provided by ${en.name} ("we", "us") through a WeChat mini-program, an Alipay mini-program and a mobile web page (H5), and lets you top up phone credit, electricity and gas online.`,
      'Please read this agreement carefully before you register, log in or use the Service, in particular the clauses that exclude or limit our liability (section 7) and the dispute clause (section 10). By ticking "I have read and agree" or by using the Service you accept this agreement and the Privacy Policy.',
      'If you are under 18, please read this agreement with your guardian and use the Service only with their consent.',
    ],
    sections: [
      {
        heading: '1. The Service',
        paragraphs: [
          '1.1 The Service offers online top-ups of mobile phone credit (China Mobile, China Unicom, China Telecom), electricity (areas served by State Grid and China Southern Power Grid) and gas, together with order history, saved accounts and refund requests.',
          '1.2 Top-ups are carried out by our recharge suppliers with the carrier, grid company or gas company; payments are collected through WeChat Pay or Alipay. We are not a carrier, grid company or gas company and cannot settle disputes about your plan, billing or arrears with them, but we will help you look up your top-up records.',
          '1.3 A single top-up is at most 300 yuan face value; the face values on offer are those shown on the order page.',
        ],
      },
      {
        heading: '2. Account and login',
        paragraphs: [
          '2.1 You can register and log in with your phone number and an SMS code, with an account name and password, or by sharing your phone number in WeChat or Alipay. A phone number verified by SMS code can top up right away.',
          '2.2 Use a phone number that is lawfully yours and keep your password and codes safe. A verification code proves that you are acting: never tell it to anyone; our staff will never ask for it. You bear losses caused by disclosing your password or codes, unless they result from our fault.',
          '2.3 When you open the Service from a referral QR code, we record the referral id of that code for referral settlement and statistics only. It does not change your prices or service.',
          '2.4 If your account is used by someone else or you notice a security problem, contact us at once and we will help.',
        ],
      },
      {
        heading: '3. Top-up rules',
        paragraphs: [
          '3.1 Check the phone or account number, the face value and the amount to pay before you order. A top-up credited to someone else because of a wrong number usually cannot be recovered; we will try to help but cannot promise recovery.',
          '3.2 A discount shown in the Service is the share of the face value you actually pay: "pay 98.5% of face value" means a 100 yuan top-up costs 98.50 yuan. The amount is face value × discount, rounded half-up to the fen, and the amount on the order page is the one that applies. Without a discount you pay the face value.',
          '3.3 An order not paid within 30 minutes of its creation is closed automatically; please place a new one.',
          `3.4 When a top-up arrives after payment. ${deliveryTimeSummary('en-US')}. Maintenance or month-end settlement at a carrier, grid or gas company may delay it, never beyond these longest times; meanwhile the order shows "Recharging".`,
          "3.5 When an electricity or gas top-up shows in your balance, and whether you can use power or gas at once, depends on the grid or gas company's systems.",
          '3.6 If a top-up fails, we refund the payment automatically to the account you paid from; when the refund arrives depends on WeChat Pay or Alipay.',
        ],
      },
      {
        heading: '4. Refunds',
        paragraphs: [
          '4.1 For a paid order that is recharging or has succeeded, you can apply for a refund with a reason in the order details; we review it and answer.',
          '4.2 Credit, electricity or gas already delivered usually cannot be taken back from the receiving account, so such applications may be refused; the order will show the reason.',
          '4.3 Approved refunds go back to the account you paid from. An order under refund review or already refunded cannot be applied for again.',
        ],
      },
      {
        heading: '5. Acceptable use',
        paragraphs: [
          'You must not use the Service to impersonate others or use their accounts or payment tools; to cash out, launder money, fake transactions or place orders in bulk to abuse offers; to exploit system flaws or other improper means to obtain discounts; to disrupt the Service; or for anything else that breaks the law or public order.',
          'If we find such conduct we may hold the orders concerned, restrict or end the Service for you, and report it to the authorities as the law requires.',
        ],
      },
      {
        heading: '6. Intellectual property',
        paragraphs: [
          'The design, text, icons and software of the Service belong to us or to their respective owners. Nobody may copy, modify, distribute or use them commercially without our written permission.',
        ],
      },
      {
        heading: '7. Limitation of liability',
        paragraphs: [
          '7.1 When a top-up is delayed or fails for reasons beyond our control, such as force majeure, failures of a carrier, grid company, gas company or payment institution, network outages or acts of government, we will help and refund as this agreement provides, but we are not liable for indirect losses.',
          '7.2 To the extent the law allows, our liability for one order is limited to the amount you paid for it. This limit does not apply to losses caused by our intent or gross negligence or to liability the law does not allow to be limited.',
        ],
      },
      {
        heading: '8. Changes, suspension and termination',
        paragraphs: [
          '8.1 We may change, suspend or end parts of the Service for business reasons or maintenance, announcing it on the page in advance except for urgent maintenance. Orders paid before the end of the Service are still handled under this agreement.',
          '8.2 You may stop using the Service at any time, or contact us to close your account. Please make sure no order is recharging or under refund first; after closing, your account data is handled as the Privacy Policy says.',
        ],
      },
      {
        heading: '9. Changes to this agreement',
        paragraphs: [
          'We may amend this agreement when laws or the business change. The amended agreement is published on this page with a new effective date; changes that significantly affect your rights are pointed out to you prominently, e.g. in a pop-up. If you disagree you may stop using the Service; using it further means you accept the amended agreement.',
        ],
      },
      {
        heading: '10. Governing law and disputes',
        paragraphs: [
          `This agreement is governed by the laws of the People's Republic of China (for this purpose excluding the laws of Hong Kong, Macao and Taiwan). Disputes shall first be settled by friendly negotiation; failing that, either party may sue in the competent people's court where ${en.name} is domiciled.`,
        ],
      },
      {
        heading: '11. Contact us',
        paragraphs: [
          `Operator: ${en.name}`,
          `Support email: ${en.email}`,
          `Support phone: ${en.phone}`,
          `Address: ${en.address}`,
          `ICP filing number: ${en.icpFiling}`,
          'We answer within 15 working days of receiving your question.',
        ],
      },
    ],
  },
}
