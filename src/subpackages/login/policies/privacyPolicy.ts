import type { Locale } from '@domain/locale'
import { operatorDetails } from './operator'
import type { PolicyDocument } from './policyDocument'

const zh = operatorDetails['zh-CN']
const en = operatorDetails['en-US']

/** The privacy policy: what the app and its server really collect, why, for how long, and who else sees it. */
export const privacyPolicy: Record<Locale, PolicyDocument> = {
  'zh-CN': {
    title: '生活缴费隐私政策',
    version: '1.0',
    effectiveDate: zh.effectiveDate,
    intro: [
      `${zh.name}（以下简称“我们”）深知个人信息对您的重要性，并依据《中华人民共和国个人信息保护法》等法律法规保护您的个人信息。`,
      '本政策说明您使用“生活缴费”（微信小程序、支付宝小程序及手机网页）时，我们收集哪些个人信息、为什么收集、保存多久、与谁共享，以及您享有的权利。请您在使用前仔细阅读。',
    ],
    sections: [
      {
        heading: '一、我们收集的信息及用途',
        paragraphs: [
          '1. 手机号码：您注册、登录（短信验证码、账号密码、微信或支付宝手机号授权）时收集，用于创建和识别账号、发送验证码、保障账号安全。话费充值时您填写的充值号码，用于向运营商办理充值。',
          '2. 充值户号信息：电费户号、燃气户号、户主姓名（部分电网要求填写）、所在省市、电网或燃气公司，以及您保存的常用户号和备注，用于办理充值、展示订单和一键再次充值。',
          '3. 订单与支付信息：订单号、充值类型、面值、应付和实付金额、支付方式、支付与退款状态、退款原因，用于完成交易、售后和对账。我们不收集银行卡号、支付密码等信息，这些由微信支付或支付宝直接处理。',
          '4. 第三方平台标识：通过微信或支付宝登录时，我们获取该平台为本服务分配的用户标识（openId）和会话信息；只有在您点击授权后，我们才获取您在该平台绑定的手机号。',
          '5. 推广标识：通过推广二维码进入时，二维码中的推广标识（uId），用于推广结算和统计。',
          '6. 位置城市：您最近一次选择的电费缴费地区所在的城市仅保存在您的设备上，用于下次预先选择电费缴费地区，不上传到我们的服务器。本服务目前不读取您设备的定位信息。',
          '7. 设备与日志信息：为保障服务安全和排查故障，我们记录设备型号、操作系统及版本、小程序或浏览器版本、网络类型、IP地址、访问时间和请求记录。',
          '8. 设备本地存储：登录凭证、语言偏好、渠道标识和位置城市保存在您的设备上，用于保持登录状态和显示偏好；退出登录时登录凭证即被清除。',
          '您拒绝提供某项信息时，相应功能可能无法使用，但不影响其他功能。',
        ],
      },
      {
        heading: '二、委托处理、共享、转让与公开披露',
        paragraphs: [
          '为完成您要求的充值，我们需要向以下对象提供必要的信息：',
          '1. 支付机构：财付通支付科技有限公司（微信支付）、支付宝（中国）网络技术有限公司，提供订单号、金额和商品说明，用于收款和退款。',
          '2. 充值服务商，以及运营商、电网公司、燃气公司：提供充值号码或户号、户主姓名、地区和面值，用于办理充值。',
          '3. 短信服务商：提供手机号和验证码内容，用于发送验证码。',
          '4. 云服务商：提供服务器和数据存储。我们与其签订数据处理协议，要求其只按我们的指示和本政策处理。',
          `合作方名单：${zh.partners}`,
          '我们不会出售您的个人信息。除上述情形、取得您的单独同意或法律法规要求外，我们不会向其他任何人共享、转让或公开披露您的个人信息。因合并、分立等需要转移个人信息时，我们会告知您接收方的名称和联系方式，并要求其继续履行本政策。',
        ],
      },
      {
        heading: '三、保存期限与地点',
        paragraphs: [
          '1. 账号信息和常用户号在您的账号存续期间保存；您删除常用户号或注销账号后，我们在15个工作日内删除或匿名化处理，法律法规另有要求的除外。',
          '2. 订单、支付和退款记录自交易完成之日起保存三年（《中华人民共和国电子商务法》的要求），期满后删除或匿名化处理。',
          '3. 短信验证码在有效期届满后即失效；服务日志保存不少于六个月（《中华人民共和国网络安全法》的要求），最长不超过一年。',
          '4. 您的个人信息存储在中华人民共和国境内，不向境外提供。',
        ],
      },
      {
        heading: '四、我们如何保护您的信息',
        paragraphs: [
          '我们使用HTTPS加密传输，密码以不可逆的方式加密存储，按最小必要原则控制工作人员的访问权限并记录操作；登录凭证有有效期，过期需重新验证。发生个人信息安全事件时，我们会依法及时告知您并向主管部门报告。',
        ],
      },
      {
        heading: '五、您的权利',
        paragraphs: [
          '1. 查阅和复制：您可以在“我的订单”“常用户号”中查看您的信息，也可以联系我们获取副本。',
          '2. 更正和补充：您可以编辑常用户号；其他信息有误的，可以联系我们更正。',
          '3. 删除：您可以删除常用户号；在法律规定的情形下，您可以要求我们删除其他个人信息。',
          '4. 撤回同意：您可以在系统设置中关闭位置权限，或在微信、支付宝中解除对本服务的授权。撤回不影响撤回前基于同意已进行的处理。',
          '5. 注销账号：您可以联系我们注销账号，我们在核实身份后15个工作日内完成。',
          '6. 解释说明：您可以要求我们解释个人信息处理规则。',
          '我们会在核实您的身份后15个工作日内答复您的请求。',
        ],
      },
      {
        heading: '六、未成年人',
        paragraphs: [
          '本服务主要面向成年人。不满14周岁的儿童应在父母或其他监护人的同意和指导下使用；我们发现在未取得监护人同意的情况下收集了儿童个人信息时，会尽快删除。',
        ],
      },
      {
        heading: '七、本政策的更新',
        paragraphs: [
          '我们可能适时更新本政策，更新后在本页面公布并更新生效日期。涉及处理目的、方式或共享对象等重大变化时，我们会以弹窗等显著方式通知您，并在法律要求时重新取得您的同意。',
        ],
      },
      {
        heading: '八、联系我们',
        paragraphs: [
          `运营方：${zh.name}`,
          `个人信息保护联系邮箱：${zh.email}`,
          `客服电话：${zh.phone}`,
          `联系地址：${zh.address}`,
          `ICP备案号：${zh.icpFiling}`,
          '如您认为我们的个人信息处理损害了您的合法权益，还可以向网信、市场监管等主管部门投诉举报，或向有管辖权的人民法院提起诉讼。',
        ],
      },
    ],
  },
  'en-US': {
    title: 'Life Pay Privacy Policy',
    version: '1.0',
    effectiveDate: en.effectiveDate,
    intro: [
      `${en.name} ("we", "us") takes your personal information seriously and protects it under the Personal Information Protection Law of the People's Republic of China and related laws.`,
      'This policy explains what personal information we collect when you use Life Pay (WeChat mini-program, Alipay mini-program and mobile web page), why, how long we keep it, who we share it with, and your rights. Please read it before using the Service.',
    ],
    sections: [
      {
        heading: '1. What we collect and why',
        paragraphs: [
          '1.1 Phone number: collected when you register or log in (SMS code, password, or phone-number sharing in WeChat or Alipay) to create and recognise your account, send verification codes and keep the account safe. The number you enter for a phone top-up is used to top it up with the carrier.',
          "1.2 Utility account details: electricity or gas account numbers, the account holder's name (required by some grids), province and city, the grid or gas company, and the saved accounts and notes you keep, used to carry out top-ups, show your orders and let you top up again in one tap.",
          '1.3 Order and payment details: order number, top-up type, face value, amount due and paid, payment method, payment and refund status and refund reasons, used to complete the transaction, after-sales service and reconciliation. We do not collect bank card numbers or payment passwords; WeChat Pay or Alipay handle those directly.',
          '1.4 Platform identifiers: when you log in through WeChat or Alipay we receive the user id (openId) and session data that platform assigns to this Service; we receive the phone number bound there only after you tap to share it.',
          '1.5 Referral id: when you arrive through a referral QR code, the referral id (uId) in that code, used for referral settlement and statistics.',
          "1.6 Location city: the city of the electricity top-up area you last chose is kept only on your device to preselect that area next time; it is not uploaded to our servers. The Service does not currently read your device's location.",
          '1.7 Device and log data: to keep the Service secure and fix faults we record the device model, operating system and version, mini-program or browser version, network type, IP address, access times and request records.',
          '1.8 Storage on your device: login credentials, language preference, channel id and location city are stored on your device to keep you logged in and show your preferences; logging out deletes the login credentials.',
          'If you decline to provide some information, the feature that needs it may not work, but the others will.',
        ],
      },
      {
        heading: '2. Processors, sharing, transfer and disclosure',
        paragraphs: [
          'To carry out the top-ups you ask for, we give the necessary information to:',
          '2.1 Payment institutions: Tenpay Payment Technology Co., Ltd. (WeChat Pay) and Alipay (China) Network Technology Co., Ltd. receive the order number, amount and item description to collect payment and refund.',
          "2.2 Recharge suppliers and the carriers, grid companies and gas companies receive the phone or account number, the holder's name, the area and the face value to carry out the top-up.",
          '2.3 The SMS provider receives your phone number and the code to send verification codes.',
          '2.4 The cloud provider hosts our servers and data under a data processing agreement that lets it act only on our instructions and under this policy.',
          `Partners: ${en.partners}`,
          "We never sell your personal information. Beyond the above, your separate consent, or what the law requires, we do not share, transfer or disclose your personal information to anyone. If personal information must move because of a merger or division, we will tell you the recipient's name and contact details and require it to keep to this policy.",
        ],
      },
      {
        heading: '3. Retention and location',
        paragraphs: [
          '3.1 Account data and saved accounts are kept while your account exists; after you delete a saved account or close your account we delete or anonymise the data within 15 working days, unless the law requires otherwise.',
          '3.2 Order, payment and refund records are kept for three years from the completion of the transaction, as the E-Commerce Law of the PRC requires, then deleted or anonymised.',
          '3.3 SMS codes expire at the end of their validity; service logs are kept for at least six months, as the Cybersecurity Law of the PRC requires, and at most one year.',
          '3.4 Your personal information is stored in mainland China and is not transferred abroad.',
        ],
      },
      {
        heading: '4. How we protect it',
        paragraphs: [
          'Data travels over HTTPS; passwords are stored with one-way encryption; staff access follows the least-privilege principle and is logged; login credentials expire and must then be renewed. If a personal information security incident happens, we will inform you and report it to the authorities as the law requires.',
        ],
      },
      {
        heading: '5. Your rights',
        paragraphs: [
          '5.1 Access and copy: see your information under My orders and Saved accounts, or ask us for a copy.',
          '5.2 Correction: edit your saved accounts yourself; contact us to correct anything else.',
          '5.3 Deletion: delete saved accounts yourself; where the law provides, ask us to delete other personal information.',
          "5.4 Withdrawing consent: switch location access off in your system settings, or remove this Service's authorisation in WeChat or Alipay. Withdrawal does not affect processing done before it.",
          '5.5 Closing your account: contact us; we close it within 15 working days after verifying your identity.',
          '5.6 Explanation: ask us to explain how we process your personal information.',
          'We answer your request within 15 working days after verifying your identity.',
        ],
      },
      {
        heading: '6. Minors',
        paragraphs: [
          "The Service is meant for adults. Children under 14 should use it only with the consent and guidance of a parent or guardian; if we find we have collected a child's personal information without that consent, we delete it promptly.",
        ],
      },
      {
        heading: '7. Updates to this policy',
        paragraphs: [
          'We may update this policy and will publish the update on this page with a new effective date. For significant changes, such as new purposes, methods or recipients, we will notify you prominently, e.g. in a pop-up, and ask for your consent again where the law requires.',
        ],
      },
      {
        heading: '8. Contact us',
        paragraphs: [
          `Operator: ${en.name}`,
          `Personal information protection contact: ${en.email}`,
          `Support phone: ${en.phone}`,
          `Address: ${en.address}`,
          `ICP filing number: ${en.icpFiling}`,
          "If you believe our processing of your personal information harms your rights, you may also complain to the cyberspace or market regulation authorities, or sue in a competent people's court.",
        ],
      },
    ],
  },
}
