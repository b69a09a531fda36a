import { validationMessage, validationMessageKeys, validationMessages } from '@domain/validationMessages'
import {
  arrayNotEmpty,
  bankCard,
  creditCode,
  decimal2,
  digits,
  electricAccount,
  email,
  gasAccount,
  holderName,
  hotline,
  idCard,
  idCardCheckDigit,
  isPreviewableFile,
  isValidIdCard,
  landline,
  mapOfValues,
  mobilePhone,
  numberNotNull,
  password,
  previewableFile,
  priceVersions,
  refundReason,
  remark,
  required,
  type Rule,
  telephone,
  url,
  urlWithParams,
  validateField,
} from '@domain/validators'

function check(rule: Rule, key: string, valid: unknown[], invalid: unknown[]) {
  it.each(valid.map((value) => [value]))('accepts %p', (value) => {
    expect(rule(value)).toBeNull()
  })
  it.each(invalid.map((value) => [value]))('rejects %p', (value) => {
    expect(rule(value)).toBe(key)
  })
}

// Format rules skip an empty value: `required` is what demands one.
function checkOptional(rule: Rule) {
  it.each([[''], ['   '], [null], [undefined]])('skips an empty value %p unless required', (value) => {
    expect(rule(value)).toBeNull()
    expect(validateField(value, [required, rule])).toBe('required')
  })
}

describe('required', () => {
  check(required, 'required', ['a', 0, false, [1], {}], ['', '  ', null, undefined, []])
})

describe('numberNotNull (falsy fails)', () => {
  check(
    numberNotNull,
    'numberNotNull',
    [1, -2, 0.5, '3', '0.1'],
    [0, '0', null, undefined, '', NaN, 'abc', Infinity, {}],
  )
})

describe('mapOfValues (empty or any falsy value fails)', () => {
  check(
    mapOfValues,
    'mapOfValues',
    [{ a: 1 }, { a: 'x', b: true }],
    [{}, { a: 1, b: 0 }, { a: '' }, { a: null }, null, undefined, [1], 'text'],
  )
})

describe('arrayNotEmpty', () => {
  check(arrayNotEmpty, 'arrayNotEmpty', [[1], [null], ['a', 'b']], [[], null, undefined, 'a', { length: 1 }])
})

describe('priceVersions (each needs chargeWay, name and price)', () => {
  check(
    priceVersions,
    'priceVersions',
    [
      [],
      [{ chargeWay: 1, name: 'Basic', price: 10 }],
      [
        { chargeWay: 'month', name: '月付', price: '9.9' },
        { chargeWay: 'year', name: 'Free', price: 0 },
      ],
    ],
    [
      [{ name: 'Basic', price: 10 }],
      [{ chargeWay: 1, price: 10 }],
      [{ chargeWay: 1, name: 'Basic' }],
      [{ chargeWay: 1, name: ' ', price: 10 }],
      [{ chargeWay: 1, name: 'Basic', price: '' }],
      [{ chargeWay: 1, name: 'Basic', price: -1 }],
      [{ chargeWay: 1, name: 'Basic', price: 'ten' }],
      [{ chargeWay: 1, name: 'Basic', price: 10 }, null],
      null,
      'x',
    ],
  )
})

describe('url (no parameters)', () => {
  check(
    url,
    'url',
    [
      'https://example.com',
      'http://example.com/',
      'https://sub.example.com.cn/a/b.html',
      'http://localhost:8080/path',
      'http://192.168.1.10/x',
      'https://xn--fiqs8s.xn--fiqs8s/',
    ],
    [
      'example.com',
      'ftp://example.com',
      'https://example.com/a?b=1',
      'https://example.com/#top',
      'https://exa mple.com',
      'https://256.1.1.1/',
      'https://-bad.com',
      'https://example',
      'javascript:alert(1)',
    ],
  )
  checkOptional(url)
})

describe('urlWithParams', () => {
  check(
    urlWithParams,
    'urlWithParams',
    [
      'https://example.com',
      'https://example.com/a?b=1&c=%E4%B8%AD',
      'https://example.com/?x=1#frag',
      'http://localhost:3000?x',
    ],
    ['example.com?x=1', 'https://example.com/a?b=1 c', 'mailto:a@b.com'],
  )
  checkOptional(urlWithParams)
})

describe('creditCode (GB 32100-2015 with check character)', () => {
  check(
    creditCode,
    'creditCode',
    ['91350100M000100Y43', '914403001922038216', '91110000100017643K', '9111000071093123XX'],
    [
      '91350100M000100Y44', // wrong check character
      '91350100M000100Y4', // 17 characters
      '91350100M000100Y430', // 19 characters
      '91350100m000100y43', // lower case
      '91350100I000100Y43', // I is not in the alphabet
      '9135010AM000100Y43', // letter in the division code
    ],
  )
  checkOptional(creditCode)
})

describe('mobilePhone (11 digits, 1, then 3–9)', () => {
  check(
    mobilePhone,
    'mobilePhone',
    ['13812345678', '19912345678', '16612345678', 13812345678],
    ['12812345678', '10012345678', '1381234567', '138123456789', '23812345678', '138 1234 5678', '+8613812345678'],
  )
  checkOptional(mobilePhone)
})

describe('landline', () => {
  check(
    landline,
    'landline',
    [
      '010-62345678',
      '01062345678',
      '021-87654321',
      '0755-2345678',
      '0571-88889999',
      '010-62345678-123',
      '0898-66123456',
    ],
    [
      '12345678', // no area code
      '010-6234567890', // too long
      '010-0123456', // local number starts with 0
      '010-1234567', // local number starts with 1
      '0010-62345678',
      '(010)12345678',
      '010-62345678-1234567', // extension too long
      '13812345678',
    ],
  )
  checkOptional(landline)
})

describe('hotline (400/800)', () => {
  check(
    hotline,
    'hotline',
    ['400-123-4567', '4001234567', '800-820-8820', '400-1234567', '400123-4567'],
    ['400-123-456', '40012345678', '500-123-4567', '4001-234-567', '010-62345678'],
  )
  checkOptional(hotline)
})

describe('telephone (landline or 400/800)', () => {
  check(telephone, 'telephone', ['010-62345678', '400-123-4567', '800-820-8820'], ['13812345678', '123', '400-12'])
})

describe('idCard (18 digits, birth date, ISO 7064 MOD 11-2)', () => {
  check(
    idCard,
    'idCard',
    ['11010519491231002X', '11010519491231002x', '110101199003074477'],
    [
      '110105194912310021', // wrong check digit
      '110101199002304470', // 30 February
      '110101199013014471', // month 13
      '440524188001010014', // born before 1900
      '010101199003074477', // region starts with 0
      '11010119900307447', // 17 characters
      '110101299003074477', // year 2990
      '11010519491231002Y',
    ],
  )
  checkOptional(idCard)

  it('computes the check digit from the first 17 digits', () => {
    expect(idCardCheckDigit('11010519491231002')).toBe('X')
    expect(idCardCheckDigit('11010119900307447')).toBe('7')
  })

  it('rejects a birth date after today', () => {
    // Check digit of 11010120300101001 is 1; valid in 2031, not in 2029.
    const id = `11010120300101001${idCardCheckDigit('11010120300101001')}`
    expect(isValidIdCard(id, Date.UTC(2031, 0, 1))).toBe(true)
    expect(isValidIdCard(id, Date.UTC(2029, 0, 1))).toBe(false)
  })
})

describe('digits', () => {
  check(digits, 'digits', ['0', '0123', '9999999999999999999', 42], ['12a', '1.5', '-1', ' 12', '１２'])
  checkOptional(digits)
})

describe('email', () => {
  check(
    email,
    'email',
    ['a@b.co', 'first.last+tag@example.com.cn', 'x_y%z@sub-domain.example.org'],
    ['plain', 'a@b', 'a@b.c', '@b.com', 'a..b@c.com', '.a@b.com', 'a@-b.com', 'a b@c.com', 'a@b.com.'],
  )
  checkOptional(email)
})

describe('decimal2 (up to 2 decimal places)', () => {
  check(
    decimal2,
    'decimal2',
    ['0', '12', '12.3', '12.34', 98.5, '0.01'],
    ['12.345', '-1', '.5', '1.', 'abc', '1,5', 1.005],
  )
  checkOptional(decimal2)
})

describe('bankCard (16 to 30 digits)', () => {
  check(
    bankCard,
    'bankCard',
    ['6222021234567890', '622202123456789012345678901234'],
    ['622202123456789', '6222021234567890123456789012345', '6222 0212 3456 7890', '622202123456789X'],
  )
  checkOptional(bankCard)
})

describe('previewableFile', () => {
  check(
    previewableFile,
    'previewableFile',
    [
      'a.png',
      'B.JPG',
      'c.jpeg',
      'report.doc',
      'report.docx',
      'notes.txt',
      'show.ppsx',
      'sheet.xlsx',
      'sheet.xls',
      'contract.pdf',
      'https://cdn.example.com/up/contract.PDF?x-oss-process=1#p2',
      { name: 'photo.png' },
      { url: 'https://cdn.example.com/a.jpg' },
      ['a.png', 'b.pdf'],
    ],
    [
      'a.gif',
      'a.pptx',
      'a.zip',
      'pdf',
      'a.pdf.exe',
      'https://example.com/file?name=a.pdf',
      ['a.png', 'b.exe'],
      { name: 1 },
    ],
  )
  checkOptional(previewableFile)

  it('reads the extension of a path, not of a folder', () => {
    expect(isPreviewableFile('https://example.com/a.pdf/download')).toBe(false)
  })
})

describe('electricAccount (5–20 digits)', () => {
  check(
    electricAccount,
    'electricAccount',
    ['12345', '0101234567', '1234567890123', '12345678901234567890'],
    ['1234', '123456789012345678901', '12345a', '12 345'],
  )
  checkOptional(electricAccount)
})

describe('gasAccount (5–20 letters or digits)', () => {
  check(
    gasAccount,
    'gasAccount',
    ['12345', 'GA20230001', 'abc12', 'A1234567890123456789'],
    ['1234', 'GA-2023-0001', 'A12345678901234567890', '燃气12345'],
  )
  checkOptional(gasAccount)
})

describe('holderName (1–30 characters)', () => {
  check(holderName, 'holderName', ['张', '欧阳娜娜', '阿卜杜·热依木', 'Mary Smith', '张'.repeat(30)], ['张'.repeat(31)])
  checkOptional(holderName)
})

describe('remark (at most 50 characters)', () => {
  check(remark, 'remark', ['家里', 'x'.repeat(50), '😀'.repeat(50)], ['x'.repeat(51)])
  checkOptional(remark)
})

describe('refundReason (1–200 characters)', () => {
  check(refundReason, 'refundReason', ['充错号码了', 'r'.repeat(200)], ['r'.repeat(201)])
  checkOptional(refundReason)
})

describe('password (8–32, letters and digits)', () => {
  check(
    password,
    'password',
    ['abcdef12', 'Passw0rd!', 'a1'.repeat(16)],
    ['abcdefgh', '12345678', 'abc12', 'a1'.repeat(16) + 'x', 'abcd 1234', '密码abcd1234'],
  )
  checkOptional(password)
})

describe('validateField', () => {
  it('returns the first failing rule', () => {
    expect(validateField('', [required, mobilePhone])).toBe('required')
    expect(validateField('123', [required, mobilePhone])).toBe('mobilePhone')
    expect(validateField('13812345678', [required, mobilePhone])).toBeNull()
    expect(validateField('abc', [digits, electricAccount])).toBe('digits')
  })

  it('passes with no rules', () => {
    expect(validateField(undefined, [])).toBeNull()
  })
})

describe('validation messages', () => {
  it('has a non-empty zh-CN and en-US message for every key', () => {
    for (const key of validationMessageKeys) {
      expect(validationMessages['zh-CN'][key]).toMatch(/\S/)
      expect(validationMessages['en-US'][key]).toMatch(/\S/)
    }
  })

  it('defaults to zh-CN', () => {
    expect(validationMessage('mobilePhone')).toBe('请输入正确的手机号')
    expect(validationMessage('mobilePhone', 'en-US')).toBe('Please enter a valid mobile phone number')
  })
})
