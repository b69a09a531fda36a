import { CarrierCode } from '@domain/carrier'
import { ElectricAccountType, ElectricType } from '@domain/electric'
import { GasProvider } from '@domain/gas'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { LifePayRateType } from '@domain/rateType'

// Reference and demo data written on first start (docs/api.md § Demo data).

/** Discount percent per rate type; '' is the default channel. `promo` shows per-channel rates. */
export const demoRates: Record<string, Partial<Record<LifePayRateType, number>>> = {
  '': {
    [LifePayRateType.DefaultPhone]: 98.5,
    [LifePayRateType.DefaultElectric]: 99,
    [LifePayRateType.DefaultGas]: 99.5,
    [LifePayRateType.SupplierDiscount]: 96,
  },
  promo: {
    [LifePayRateType.DefaultPhone]: 97.5,
    [LifePayRateType.DefaultElectric]: 98.5,
  },
  spring2026: {
    [LifePayRateType.DefaultPhone]: 95,
  },
}

/**
 * Channels with rates of their own: `promo` prices at its rates; `spring2026` has ended (disabled), so a client that
 * still sends it gets the default rates.
 */
export const demoChannels: { channelId: string; name: string; enabled: boolean }[] = [
  { channelId: 'promo', name: '新客专享活动', enabled: true },
  { channelId: 'spring2026', name: '2026 春季充值节（已结束）', enabled: false },
]

/** Face values in yuan; phone goes to 500 so the app's ≤ 300 filter matters. */
export const demoParValues: { type: LifePayOrderType; subTypes: readonly string[]; yuan: readonly number[] }[] = [
  {
    type: LifePayOrderType.Phone,
    subTypes: [CarrierCode.Yidong, CarrierCode.Liantong, CarrierCode.Dianxin],
    yuan: [10, 20, 30, 50, 100, 200, 300, 500],
  },
  {
    type: LifePayOrderType.Electric,
    subTypes: [ElectricType.Guowang, ElectricType.Nanwang],
    yuan: [50, 100, 200, 300, 500],
  },
  {
    type: LifePayOrderType.Gas,
    subTypes: [
      GasProvider.ZhongGuo,
      GasProvider.XinAo,
      GasProvider.HuaRun,
      GasProvider.GangHua,
      GasProvider.ZhongRan,
      GasProvider.BeiJing,
    ],
    yuan: [50, 100, 200, 300, 500],
  },
]

/** Provinces (GB/T 2260 codes) with some of their cities. */
export const demoRegions: { code: string; name: string; cities: [string, string][] }[] = [
  { code: '110000', name: '北京市', cities: [['110100', '北京市']] },
  { code: '120000', name: '天津市', cities: [['120100', '天津市']] },
  {
    code: '130000',
    name: '河北省',
    cities: [
      ['130100', '石家庄市'],
      ['130200', '唐山市'],
      ['130600', '保定市'],
    ],
  },
  {
    code: '140000',
    name: '山西省',
    cities: [
      ['140100', '太原市'],
      ['140200', '大同市'],
    ],
  },
  {
    code: '150000',
    name: '内蒙古自治区',
    cities: [
      ['150100', '呼和浩特市'],
      ['150200', '包头市'],
    ],
  },
  {
    code: '210000',
    name: '辽宁省',
    cities: [
      ['210100', '沈阳市'],
      ['210200', '大连市'],
    ],
  },
  {
    code: '220000',
    name: '吉林省',
    cities: [
      ['220100', '长春市'],
      ['220200', '吉林市'],
    ],
  },
  {
    code: '230000',
    name: '黑龙江省',
    cities: [
      ['230100', '哈尔滨市'],
      ['230200', '齐齐哈尔市'],
    ],
  },
  { code: '310000', name: '上海市', cities: [['310100', '上海市']] },
  {
    code: '320000',
    name: '江苏省',
    cities: [
      ['320100', '南京市'],
      ['320200', '无锡市'],
      ['320500', '苏州市'],
    ],
  },
  {
    code: '330000',
    name: '浙江省',
    cities: [
      ['330100', '杭州市'],
      ['330200', '宁波市'],
      ['330300', '温州市'],
    ],
  },
  {
    code: '340000',
    name: '安徽省',
    cities: [
      ['340100', '合肥市'],
      ['340200', '芜湖市'],
    ],
  },
  {
    code: '350000',
    name: '福建省',
    cities: [
      ['350100', '福州市'],
      ['350200', '厦门市'],
    ],
  },
  {
    code: '360000',
    name: '江西省',
    cities: [
      ['360100', '南昌市'],
      ['360400', '九江市'],
    ],
  },
  {
    code: '370000',
    name: '山东省',
    cities: [
      ['370100', '济南市'],
      ['370200', '青岛市'],
    ],
  },
  {
    code: '410000',
    name: '河南省',
    cities: [
      ['410100', '郑州市'],
      ['410300', '洛阳市'],
    ],
  },
  {
    code: '420000',
    name: '湖北省',
    cities: [
      ['420100', '武汉市'],
      ['420500', '宜昌市'],
    ],
  },
  {
    code: '430000',
    name: '湖南省',
    cities: [
      ['430100', '长沙市'],
      ['430200', '株洲市'],
    ],
  },
  {
    code: '440000',
    name: '广东省',
    cities: [
      ['440100', '广州市'],
      ['440300', '深圳市'],
      ['440600', '佛山市'],
      ['441900', '东莞市'],
    ],
  },
  {
    code: '450000',
    name: '广西壮族自治区',
    cities: [
      ['450100', '南宁市'],
      ['450200', '柳州市'],
      ['450300', '桂林市'],
    ],
  },
  {
    code: '460000',
    name: '海南省',
    cities: [
      ['460100', '海口市'],
      ['460200', '三亚市'],
    ],
  },
  { code: '500000', name: '重庆市', cities: [['500100', '重庆市']] },
  {
    code: '510000',
    name: '四川省',
    cities: [
      ['510100', '成都市'],
      ['510700', '绵阳市'],
    ],
  },
  {
    code: '520000',
    name: '贵州省',
    cities: [
      ['520100', '贵阳市'],
      ['520300', '遵义市'],
    ],
  },
  {
    code: '530000',
    name: '云南省',
    cities: [
      ['530100', '昆明市'],
      ['530300', '曲靖市'],
    ],
  },
  { code: '540000', name: '西藏自治区', cities: [['540100', '拉萨市']] },
  {
    code: '610000',
    name: '陕西省',
    cities: [
      ['610100', '西安市'],
      ['610300', '宝鸡市'],
    ],
  },
  { code: '620000', name: '甘肃省', cities: [['620100', '兰州市']] },
  { code: '630000', name: '青海省', cities: [['630100', '西宁市']] },
  { code: '640000', name: '宁夏回族自治区', cities: [['640100', '银川市']] },
  { code: '650000', name: '新疆维吾尔自治区', cities: [['650100', '乌鲁木齐市']] },
]

/**
 * Cities where electricity top-up works. Guangdong, Guangxi, Yunnan, Guizhou and Hainan are served by China
 * Southern Power Grid, which asks for the account holder's name; the rest by State Grid.
 */
export const demoElectricAreas: { province: string; cities: string[]; grid: ElectricType }[] = [
  { province: '110000', cities: ['110100'], grid: ElectricType.Guowang },
  { province: '120000', cities: ['120100'], grid: ElectricType.Guowang },
  { province: '310000', cities: ['310100'], grid: ElectricType.Guowang },
  { province: '500000', cities: ['500100'], grid: ElectricType.Guowang },
  { province: '320000', cities: ['320100', '320500'], grid: ElectricType.Guowang },
  { province: '330000', cities: ['330100'], grid: ElectricType.Guowang },
  { province: '370000', cities: ['370100', '370200'], grid: ElectricType.Guowang },
  { province: '410000', cities: ['410100'], grid: ElectricType.Guowang },
  { province: '420000', cities: ['420100'], grid: ElectricType.Guowang },
  { province: '510000', cities: ['510100'], grid: ElectricType.Guowang },
  { province: '610000', cities: ['610100'], grid: ElectricType.Guowang },
  { province: '440000', cities: ['440100', '440300'], grid: ElectricType.Nanwang },
  { province: '450000', cities: ['450100'], grid: ElectricType.Nanwang },
  { province: '530000', cities: ['530100'], grid: ElectricType.Nanwang },
  { province: '520000', cities: ['520100'], grid: ElectricType.Nanwang },
  { province: '460000', cities: ['460100'], grid: ElectricType.Nanwang },
]

export const DEMO_USER = {
  phoneNumber: '13800138000',
  password: 'LifePay2026',
  userName: '演示用户',
} as const

/** The sandbox's operator (docs/server.md § Operator side), an admin: only where SEED_DEMO_DATA is on. */
export const DEMO_OPERATOR = {
  loginName: 'operator',
  password: 'LifePayOps2026',
  displayName: '演示运营',
  role: 'admin',
} as const

export const demoUserAccounts = [
  {
    lifePayType: LifePayOrderType.Phone,
    content: DEMO_USER.phoneNumber,
    remark: '我的手机',
    ispCode: CarrierCode.Yidong,
  },
  {
    lifePayType: LifePayOrderType.Electric,
    content: '3100123456789',
    remark: '家里电费',
    electricType: ElectricType.Guowang,
    electricAccountType: ElectricAccountType.House,
    province: '310000',
    city: '310100',
  },
  {
    lifePayType: LifePayOrderType.Gas,
    content: '88001234',
    remark: '家里燃气',
    gasOrgType: GasProvider.HuaRun,
  },
]
