// bench/explorer.ts
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// source/simulator/server.ts
import { createServer } from "node:http";

// source/api/types.ts
var PERIODS = ["SEVEN", "THIRTY", "FLEXIBLE"];
var OPERATIONS = {
  symbols: { method: "GET", path: "/api/v2/spot/public/symbols", perSecond: 20 },
  estimate: { method: "GET", path: "/api/v2/earn/loan/public/hour-interest", perSecond: 10 },
  borrow: { method: "POST", path: "/api/v2/earn/loan/borrow", perSecond: 10 }
};
var SUCCESS_CODE = "00000";

// source/simulator/auth.ts
import { timingSafeEqual } from "node:crypto";

// source/api/sign.ts
import { createHmac } from "node:crypto";
function prehash(timestamp, method, path, query, body) {
  return timestamp + method.toUpperCase() + path + (query ? `?${query}` : "") + body;
}
function sign(secretKey, message) {
  return createHmac("sha256", secretKey).update(message, "utf8").digest("base64");
}

// source/simulator/reply.ts
function success(data, wrongTypes2) {
  return { status: 200, code: SUCCESS_CODE, msg: "success", data, wrongTypes: wrongTypes2 };
}
function successJson(dataJson, wrongTypes2) {
  return { status: 200, code: SUCCESS_CODE, msg: "success", data: void 0, dataJson, wrongTypes: wrongTypes2 };
}
function failure(code, msg, status = 400) {
  return { status, code, msg, data: null };
}
var tooManyRequests = () => failure("429", "Too Many Requests", 429);
function isSuccess(reply) {
  return reply.code === SUCCESS_CODE;
}
function envelopeJson(reply, requestTime, timeAsString, data) {
  const payload = data !== void 0 ? JSON.stringify(data) : reply.dataJson ?? JSON.stringify(reply.data ?? null);
  const time = timeAsString ? JSON.stringify(String(requestTime)) : String(requestTime);
  return `{"code":${JSON.stringify(reply.code)},"msg":${JSON.stringify(reply.msg)},"requestTime":${time},"data":${payload}}`;
}

// source/simulator/auth.ts
var TIMESTAMP_WINDOW_MS = 3e4;
var CREDENTIAL_HEADERS = ["access-key", "access-sign", "access-timestamp", "access-passphrase"];
function header(headers, name) {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? "";
}
function hasCredentialHeaders(headers) {
  return CREDENTIAL_HEADERS.some((name) => header(headers, name) !== "");
}
var deny = (code, msg) => ({ ok: false, reply: failure(code, msg) });
function authenticate(input) {
  const { headers } = input;
  const apiKey = header(headers, "access-key");
  if (apiKey === "") return deny("40001", "ACCESS_KEY cannot be empty");
  const account = input.accounts.get(apiKey);
  if (account === void 0) return deny("40037", "Apikey does not exist");
  const signature = header(headers, "access-sign");
  if (signature === "") return deny("40002", "ACCESS_SIGN cannot be empty");
  const timestamp = header(headers, "access-timestamp");
  if (!/^\d{1,16}$/.test(timestamp)) return deny("40005", "Invalid ACCESS_TIMESTAMP");
  if (Math.abs(Number(timestamp) - input.serverNow) > TIMESTAMP_WINDOW_MS) return deny("40008", "Request timestamp expired");
  const passphrase = header(headers, "access-passphrase");
  if (passphrase === "") return deny("40011", "ACCESS_PASSPHRASE cannot be empty");
  if (!sameText(passphrase, account.passphrase)) return deny("40012", "apikey/password is incorrect");
  const expected = sign(account.secretKey, prehash(timestamp, input.method, input.path, input.query, input.body));
  if (!sameText(signature, expected)) return deny("40009", "sign signature error");
  return { ok: true, account };
}
function sameText(a, b) {
  const left = Buffer.from(a, "utf8");
  const right = Buffer.from(b, "utf8");
  return left.length === right.length && timingSafeEqual(left, right);
}

// source/simulator/coins.ts
import Big from "big.js";
var TABLE = [
  ["USDT", "1", "0.00000617", "0.00000640", "0.00000700"],
  ["USDC", "1", "0.00000660", "0.00000601", "0.00000690"],
  ["BTC", "26800", "0.00000280", "0.00000250", "0.00000310"],
  ["ETH", "1545", "0.00000330", "0.00000345", "0.00000300"],
  ["SOL", "21.35", "0.00000900", "0.00000850", "0.00000950"],
  ["XRP", "0.5213", "0.00000720", "0.00000760", "0.00000700"],
  ["DOGE", "0.06312", "0.00000800", "0.00000780", "0.00000820"],
  ["BNB", "215.4", "0.00000410", "0.00000440", "0.00000460"],
  ["ADA", "0.2587", "0.00000650", "0.00000690", "0.00000630"],
  ["TRX", "0.0881", "0.00000550", "0.00000530", "0.00000570"],
  ["LTC", "65.12", "0.00000480", "0.00000500", "0.00000520"],
  ["DOT", "4.213", "0.00000700", "0.00000660", "0.00000740"],
  ["LINK", "7.412", "0.00000600", "0.00000640", "0.00000590"],
  ["AVAX", "10.53", "0.00000880", "0.00000910", "0.00000940"],
  ["POL", "0.5621", "0.00000760", "0.00000720", "0.00000790"],
  ["MATIC", "0.5618", "0.00000760", "0.00000720", "0.00000790"],
  ["SHIB", "0.00000721", "0.00001100", "0.00001150", "0.00001050"],
  ["TON", "2.104", "0.00000950", "0.00000990", "0.00001020"],
  ["BGB", "0.4123", "0.00000500", "0.00000470", "0.00000530"],
  ["ATOM", "7.105", "0.00000740", "0.00000780", "0.00000730"],
  ["UNI", "4.312", "0.00000690", "0.00000650", "0.00000720"],
  ["NEAR", "1.107", "0.00000900", "0.00000940", "0.00000880"],
  ["APT", "5.214", "0.00001000", "0.00000960", "0.00001040"],
  ["ARB", "0.8512", "0.00000980", "0.00001010", "0.00000970"],
  ["OP", "1.312", "0.00000990", "0.00000950", "0.00001030"],
  ["FIL", "3.215", "0.00000860", "0.00000890", "0.00000920"],
  ["PEPE", "0.00000081", "0.00001300", "0.00001250", "0.00001350"],
  ["SUI", "0.4521", "0.00001050", "0.00001090", "0.00001010"],
  ["ETC", "15.21", "0.00000610", "0.00000580", "0.00000640"],
  ["BCH", "210.3", "0.00000520", "0.00000550", "0.00000500"],
  ["XLM", "0.1102", "0.00000630", "0.00000670", "0.00000610"],
  ["ENA", "0.3512", "0.00001400", "0.00001350", "0.00001450"],
  ["JUP", "0.5123", "0.00001380", "0.00001420", "0.00001330"],
  ["FTT", "1.052", "0.00002000", "0.00001900", "0.00002100"],
  ["LUNC", "0.0000812", "0.00001800", "0.00001850", "0.00001750"],
  ["LUNA", "0.6521", "0.00001700", "0.00001650", "0.00001750"],
  ["SRM", "0.0312", "0.00001600", "0.00001650", "0.00001550"],
  ["BSV", "31.25", "0.00000900", "0.00000870", "0.00000930"]
];
var COINS = new Map(
  TABLE.map(([coin, price, seven, thirty, flexible]) => [
    coin,
    { price, hourlyRate: { SEVEN: seven, THIRTY: thirty, FLEXIBLE: flexible } }
  ])
);
var LTV = { SEVEN: "0.7", THIRTY: "0.65", FLEXIBLE: "0.6" };
var EXPLICIT_BALANCES = { BTC: "10", ETH: "100", USDT: "1000000", USDC: "1000000" };
function balanceOf(coin) {
  const explicit = EXPLICIT_BALANCES[coin];
  if (explicit !== void 0) return new Big(explicit);
  const info = COINS.get(coin);
  if (info === void 0) return void 0;
  return new Big("500000").div(info.price).round(0, Big.roundDown);
}

// source/simulator/decimal.ts
import Big2 from "big.js";
var DECIMAL = /^\d{1,30}(?:\.\d{1,30})?$/;
function isPositiveDecimal(value) {
  return DECIMAL.test(value) && new Big2(value).gt(0);
}
function formatDecimal(value, places, mode) {
  const fixed = value.round(places, mode).toFixed(places);
  return fixed.includes(".") ? fixed.replace(/\.?0+$/, "") : fixed;
}

// source/simulator/estimate.ts
import Big3 from "big.js";
function isPeriod(value) {
  return PERIODS.includes(value);
}
function coinOrThrow(coin) {
  const info = COINS.get(coin);
  if (info === void 0) throw new Error(`unknown coin ${coin}`);
  return info;
}
function loanAmountFor(loanCoin, pledgeCoin, daily, pledgeAmount) {
  const loan = coinOrThrow(loanCoin);
  const pledge = coinOrThrow(pledgeCoin);
  return new Big3(pledgeAmount).times(pledge.price).times(LTV[daily]).div(loan.price).round(8, Big3.roundDown);
}
function pledgeAmountFor(loanCoin, pledgeCoin, daily, loanAmount) {
  const loan = coinOrThrow(loanCoin);
  const pledge = coinOrThrow(pledgeCoin);
  return new Big3(loanAmount).times(loan.price).div(new Big3(pledge.price).times(LTV[daily])).round(8, Big3.roundUp);
}
function estimateFor(loanCoin, pledgeCoin, daily, pledgeAmount) {
  if (!isPeriod(daily)) throw new Error(`bad period ${String(daily)}`);
  if (!isPositiveDecimal(pledgeAmount)) throw new Error(`bad pledgeAmount ${pledgeAmount}`);
  const loanAmount = loanAmountFor(loanCoin, pledgeCoin, daily, pledgeAmount);
  const hourInterest = loanAmount.times(coinOrThrow(loanCoin).hourlyRate[daily]);
  return {
    hourInterest: formatDecimal(hourInterest, 8, Big3.roundHalfUp),
    loanAmount: formatDecimal(loanAmount, 8, Big3.roundDown)
  };
}
var REQUIRED = ["loanCoin", "pledgeCoin", "daily", "pledgeAmount"];
function handleEstimate(query) {
  for (const name of REQUIRED) {
    if (!query.get(name)) return failure("40019", `Parameter ${name} cannot be empty`);
  }
  const loanCoin = query.get("loanCoin") ?? "";
  const pledgeCoin = query.get("pledgeCoin") ?? "";
  const daily = query.get("daily") ?? "";
  const pledgeAmount = query.get("pledgeAmount") ?? "";
  if (!isPeriod(daily)) return failure("40020", "Parameter daily error");
  if (!isPositiveDecimal(pledgeAmount)) return failure("40020", "Parameter pledgeAmount error");
  if (!COINS.has(loanCoin)) return failure("40034", `Parameter ${loanCoin} does not exist`);
  if (!COINS.has(pledgeCoin)) return failure("40034", `Parameter ${pledgeCoin} does not exist`);
  if (loanCoin === pledgeCoin) return failure("40020", "Parameter pledgeCoin error");
  const estimate = estimateFor(loanCoin, pledgeCoin, daily, pledgeAmount);
  return success(estimate, () => ({ ...estimate, hourInterest: Number(estimate.hourInterest) }));
}

// source/simulator/borrow.ts
var OrderIds = class {
  next = 1130000000000000001n;
  take() {
    return String(this.next++);
  }
};
function isJsonContentType(headers) {
  const type = headers["content-type"];
  return typeof type === "string" && type.split(";")[0]?.trim().toLowerCase() === "application/json";
}
function parse(input) {
  const bad = (code, msg) => ({ ok: false, reply: failure(code, msg) });
  if (!isJsonContentType(input.headers)) return bad("40007", "Invalid Content_Type (use application/json)");
  let body;
  try {
    body = JSON.parse(input.body);
  } catch {
    return bad("40017", "Parameter verification failed");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return bad("40017", "Parameter verification failed");
  const fields = body;
  const present = (name) => fields[name] !== void 0 && fields[name] !== null && fields[name] !== "";
  for (const name of ["loanCoin", "pledgeCoin", "daily"]) {
    if (!present(name)) return bad("40019", `Parameter ${name} cannot be empty`);
  }
  if (present("pledgeAmount") === present("loanAmount")) return bad("40017", "Parameter verification failed");
  for (const name of ["loanCoin", "pledgeCoin", "daily", "pledgeAmount", "loanAmount"]) {
    if (present(name) && typeof fields[name] !== "string") return bad("40020", `Parameter ${name} error`);
  }
  const loanCoin = fields.loanCoin;
  const pledgeCoin = fields.pledgeCoin;
  const daily = fields.daily;
  const pledgeAmount = present("pledgeAmount") ? fields.pledgeAmount : void 0;
  const loanAmount = present("loanAmount") ? fields.loanAmount : void 0;
  if (!isPeriod(daily)) return bad("40020", "Parameter daily error");
  if (pledgeAmount !== void 0 && !isPositiveDecimal(pledgeAmount)) return bad("40020", "Parameter pledgeAmount error");
  if (loanAmount !== void 0 && !isPositiveDecimal(loanAmount)) return bad("40020", "Parameter loanAmount error");
  if (!COINS.has(loanCoin)) return bad("40034", `Parameter ${loanCoin} does not exist`);
  if (!COINS.has(pledgeCoin)) return bad("40034", `Parameter ${pledgeCoin} does not exist`);
  if (loanCoin === pledgeCoin) return bad("40020", "Parameter pledgeCoin error");
  return { ok: true, loanCoin, pledgeCoin, daily, pledgeAmount, loanAmount };
}
function handleBorrow(input, place, ids) {
  const parsed = parse(input);
  if (!parsed.ok) return parsed.reply;
  const { loanCoin, pledgeCoin, daily, pledgeAmount, loanAmount } = parsed;
  const pledgeNeeded = pledgeAmount ?? pledgeAmountFor(loanCoin, pledgeCoin, daily, loanAmount ?? "0");
  const balance = balanceOf(pledgeCoin);
  if (balance === void 0 || balance.lt(pledgeNeeded)) return failure("43012", "Insufficient balance");
  if (pledgeAmount !== void 0 && loanAmountFor(loanCoin, pledgeCoin, daily, pledgeAmount).lte(0)) {
    return failure("80005", "pledge single minimum limit");
  }
  const order = { orderId: ids.take(), apiKey: input.account.apiKey, loanCoin, pledgeCoin, daily };
  if (pledgeAmount !== void 0) order.pledgeAmount = pledgeAmount;
  if (loanAmount !== void 0) order.loanAmount = loanAmount;
  place(order);
  return success({ orderId: order.orderId }, () => ({ orderId: Number(order.orderId) }));
}

// source/simulator/compression.ts
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
var brotli = promisify(brotliCompress);
var gzipAsync = promisify(gzip);
function accepted(acceptEncoding) {
  const result = /* @__PURE__ */ new Set();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name !== "" && (q === void 0 || Number(q.slice(2)) > 0)) result.add(name);
  }
  return result;
}
function chooseEncoding(option, acceptEncoding) {
  if (option === "none") return "identity";
  if (option === "gzip" || option === "br") return option;
  const codings = accepted(acceptEncoding);
  if (codings.has("br")) return "br";
  if (codings.has("gzip")) return "gzip";
  return "identity";
}
async function encode(body, encoding) {
  if (encoding === "br") {
    return brotli(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length }
    });
  }
  if (encoding === "gzip") return gzipAsync(body, { level: 4 });
  return body;
}

// source/simulator/faults.ts
var FaultQueue = class {
  queue = [];
  add(fault) {
    const times = fault.times ?? 1;
    if (!(times > 0)) return;
    this.queue.push({ kind: fault.kind, operation: fault.operation ?? "any", left: times, stallMs: fault.stallMs, status: fault.status, body: fault.body });
  }
  /** The fault for a request to `operation`, consuming one use of it; undefined when none applies. */
  take(operation) {
    const index = this.queue.findIndex((f) => f.operation === "any" || f.operation === operation);
    const fault = this.queue[index];
    if (fault === void 0) return void 0;
    fault.left--;
    if (fault.left <= 0) this.queue.splice(index, 1);
    return { kind: fault.kind, stallMs: fault.stallMs, status: fault.status, body: fault.body };
  }
  clear() {
    this.queue = [];
  }
};

// source/simulator/rate-limit.ts
var RateLimiter = class {
  constructor(enforce) {
    this.enforce = enforce;
  }
  enforce;
  windows = /* @__PURE__ */ new Map();
  /** Counts one request for `key` (e.g. "symbols:ip:127.0.0.1"). When not enforcing, counts but always allows. */
  hit(key, limit, serverNow) {
    const window = Math.floor(serverNow / 1e3);
    let entry = this.windows.get(key);
    if (entry === void 0 || entry.window !== window) {
      entry = { window, count: 0 };
      this.windows.set(key, entry);
    }
    if (entry.count >= limit && this.enforce) return { allowed: false, remaining: 0 };
    entry.count++;
    return { allowed: true, remaining: Math.max(0, limit - entry.count) };
  }
  /** Requests left without counting one (for answers given before the limiter is reached). */
  peek(key, limit, serverNow) {
    const entry = this.windows.get(key);
    if (entry === void 0 || entry.window !== Math.floor(serverNow / 1e3)) return limit;
    return Math.max(0, limit - entry.count);
  }
  reset() {
    this.windows.clear();
  }
};

// source/simulator/symbols.ts
var BUILT_IN = [
  ["BTC", "USDT", "online", 2, 6, "1532454360000", { maxValues: ["5000000", "1000000"] }],
  ["ETH", "USDT", "online", 2, 4, "1532454360000", { maxValues: ["5000000", "1000000"] }],
  ["SOL", "USDT", "online", 3, 3, "1604483100000", { maxValues: ["2000000", "500000"] }],
  ["XRP", "USDT", "online", 4, 2, "1546300800000", { maxValues: ["2000000", "500000"] }],
  ["DOGE", "USDT", "online", 5, 2, "1611734400000"],
  ["BNB", "USDT", "online", 2, 4, "1561939200000"],
  ["ADA", "USDT", "online", 4, 2, "1561939200000"],
  ["TRX", "USDT", "online", 5, 2, "1546300800000"],
  ["LTC", "USDT", "online", 2, 4, "1532454360000"],
  ["DOT", "USDT", "online", 3, 2, "1597968000000"],
  ["LINK", "USDT", "online", 3, 2, "1561939200000"],
  ["AVAX", "USDT", "online", 3, 2, "1600905600000"],
  ["POL", "USDT", "online", 4, 2, "1725235200000"],
  ["SHIB", "USDT", "online", 8, 0, "1620259200000", { minUsdt: "5" }],
  ["TON", "USDT", "online", 4, 2, "1661990400000"],
  ["BGB", "USDT", "online", 4, 2, "1627603200000", { fee: "0.0008", maker: "0.0008" }],
  ["ATOM", "USDT", "online", 3, 2, "1578096000000"],
  ["UNI", "USDT", "online", 3, 2, "1600214400000"],
  ["NEAR", "USDT", "online", 3, 2, "1603065600000"],
  ["APT", "USDT", "online", 3, 2, "1666051200000"],
  ["ARB", "USDT", "online", 4, 2, "1679414400000"],
  ["OP", "USDT", "online", 4, 2, "1654128000000"],
  ["FIL", "USDT", "online", 3, 2, "1602720000000"],
  ["PEPE", "USDT", "online", 10, 0, "1681862400000", { fee: "0.002", maker: "0.002", minUsdt: "5", ratio: "0.1" }],
  ["SUI", "USDT", "online", 4, 2, "1683021600000"],
  ["ETC", "USDT", "online", 3, 2, "1546300800000"],
  ["BCH", "USDT", "online", 2, 4, "1546300800000"],
  ["XLM", "USDT", "online", 5, 2, "1561939200000"],
  ["USDC", "USDT", "online", 4, 2, "1617321600000", { fee: "0.0001", maker: "0", ratio: "0.01" }],
  ["BTC", "USDC", "online", 2, 6, "1680480000000", { maxValues: ["2000000", "500000"] }],
  ["ETH", "USDC", "online", 2, 4, "1680480000000"],
  ["SOL", "USDC", "online", 3, 3, "1680480000000"],
  ["XRP", "USDC", "online", 4, 2, "1680480000000"],
  ["BGB", "USDC", "online", 4, 2, "1700000000000", { area: true }],
  ["TON", "USDC", "online", 4, 2, "1700000000000", { area: true }],
  ["ETH", "BTC", "online", 6, 4, "1532454360000"],
  ["SOL", "BTC", "online", 8, 2, "1625097600000"],
  ["XRP", "BTC", "online", 9, 0, "1561939200000"],
  ["LTC", "BTC", "online", 7, 3, "1546300800000"],
  ["LINK", "ETH", "online", 7, 2, "1609459200000"],
  ["UNI", "ETH", "online", 7, 2, "1609459200000"],
  ["ENA", "USDT", "gray", 4, 2, "1711972800000", { fee: "0.002", maker: "0.002" }],
  ["JUP", "USDT", "gray", 4, 2, "1706616000000", { fee: "0.002", maker: "0.002", area: true }],
  ["FTT", "USDT", "halt", 4, 2, "1596412800000", { offTime: "1668038400000" }],
  ["LUNC", "USDT", "halt", 8, 0, "1653868800000", { offTime: "1728633600000" }],
  ["LUNA", "USDT", "offline", 4, 2, "1614556800000", { offTime: "1652832000000" }],
  ["SRM", "USDT", "offline", 4, 2, "1600214400000", { offTime: "1672531200000" }],
  ["BSV", "USDT", "offline", 2, 4, "1546300800000", { offTime: "1682899200000" }],
  ["MATIC", "USDT", "offline", 4, 2, "1561939200000", { offTime: "1725840000000" }]
];
function record(row) {
  const [base, quote, status, pricePrecision, quantityPrecision, openTime, extra = {}] = row;
  const fee = extra.fee ?? "0.001";
  const result = {
    symbol: base + quote,
    baseCoin: base,
    quoteCoin: quote,
    minTradeAmount: "0",
    maxTradeAmount: "900000000000000000000",
    takerFeeRate: fee,
    makerFeeRate: extra.maker ?? fee,
    pricePrecision: String(pricePrecision),
    quantityPrecision: String(quantityPrecision),
    quotePrecision: String(Math.max(pricePrecision, 8)),
    status,
    minTradeUSDT: extra.minUsdt ?? "1",
    buyLimitPriceRatio: extra.ratio ?? "0.05",
    sellLimitPriceRatio: extra.ratio ?? "0.05",
    areaSymbol: extra.area === true ? "yes" : "no",
    orderQuantity: extra.orders ?? "200",
    openTime,
    offTime: extra.offTime ?? ""
  };
  if (extra.maxValues) {
    result.maxLimitOrderValue = extra.maxValues[0];
    result.maxMarketOrderValue = extra.maxValues[1];
  }
  return result;
}
var BUILT_IN_SYMBOLS = BUILT_IN.map(record);
var SYNTHETIC_QUOTES = ["USDT", "USDC", "BTC", "ETH"];
function mix(n) {
  let x = Math.imul(n ^ 2654435769, 2246822507);
  x = Math.imul(x ^ x >>> 13, 3266489909);
  return (x ^ x >>> 16) >>> 0;
}
function syntheticSymbol(i) {
  const base = `X${String(Math.floor(i / SYNTHETIC_QUOTES.length) + 1).padStart(4, "0")}`;
  const quote = SYNTHETIC_QUOTES[i % SYNTHETIC_QUOTES.length] ?? "USDT";
  const h = mix(i);
  const roll = h % 100;
  const status = roll < 94 ? "online" : roll < 96 ? "gray" : roll < 98 ? "halt" : "offline";
  const crypto = quote === "BTC" || quote === "ETH";
  const pricePrecision = (crypto ? 6 : 2) + (h >>> 8) % 5;
  const fee = (h >>> 12) % 4 === 0 ? "0.002" : "0.001";
  const openTime = 16e11 + h % 1e5 * 1e6;
  const row = [base, quote, status, pricePrecision, (h >>> 16) % 5, String(openTime), {
    fee,
    offTime: status === "halt" || status === "offline" ? String(openTime + 864e5 * (30 + (h >>> 4) % 300)) : "",
    area: (h >>> 20) % 50 === 0,
    minUsdt: (h >>> 24) % 3 === 0 ? "5" : "1",
    ratio: (h >>> 6) % 5 === 0 ? "0.1" : "0.05",
    ...(h >>> 10) % 3 === 0 ? { maxValues: ["1000000", "200000"] } : {}
  }];
  return record(row);
}
var cache = /* @__PURE__ */ new Map();
var CACHE_SIZE = 3;
function catalogue(extraSymbols) {
  const n = Math.max(0, Math.floor(extraSymbols));
  const cached = cache.get(n);
  if (cached) return cached;
  const records = [...BUILT_IN_SYMBOLS];
  for (let i = 0; i < n; i++) records.push(syntheticSymbol(i));
  const bySymbol = /* @__PURE__ */ new Map();
  const parts = [];
  for (const r2 of records) {
    const json = JSON.stringify(r2);
    bySymbol.set(r2.symbol, json);
    parts.push(json);
  }
  const built = { records, bySymbol, listJson: `[${parts.join(",")}]` };
  if (cache.size >= CACHE_SIZE) {
    const oldest = cache.keys().next().value;
    if (oldest !== void 0) cache.delete(oldest);
  }
  cache.set(n, built);
  return built;
}
function wrongTypes(records) {
  return records.map((r2) => ({ ...r2, takerFeeRate: Number(r2.takerFeeRate), status: null }));
}
function handleSymbols(query, cat) {
  const symbol = query.get("symbol");
  if (!symbol) return successJson(cat.listJson, () => wrongTypes(cat.records));
  const json = cat.bySymbol.get(symbol);
  if (json === void 0) return failure("42016", `symbol ${symbol} is Invalid or not supported spot trade`);
  return successJson(`[${json}]`, () => wrongTypes([JSON.parse(json)]));
}

// source/simulator/server.ts
var DEMO_CREDENTIALS = Object.freeze({
  apiKey: "demo-api-key",
  secretKey: "demo-secret-key",
  passphrase: "demo-passphrase"
});
var TIME_PATH = "/api/v2/public/time";
var TIME_PER_SECOND = 20;
function route(method, path) {
  for (const name of Object.keys(OPERATIONS)) {
    const op = OPERATIONS[name];
    if (op.path === path) return op.method === method ? name : "unknown";
  }
  return path === TIME_PATH && method === "GET" ? "time" : "unknown";
}
function flatHeaders(headers) {
  const result = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== void 0) result[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return result;
}
function htmlPage(status, title) {
  return `<html>\r
<head><title>${status} ${title}</title></head>\r
<body>\r
<center><h1>${status} ${title}</h1></center>\r
<hr><center>cloudflare</center>\r
</body>\r
</html>\r
`;
}
function startSimulator(options = {}) {
  const host = options.host ?? "127.0.0.1";
  const compression = options.compression ?? "auto";
  const timeAsString = options.requestTimeAsString === true;
  const accounts = new Map((options.accounts ?? [DEMO_CREDENTIALS]).map((a) => [a.apiKey, a]));
  const symbols = catalogue(options.extraSymbols ?? 0);
  const limiter = new RateLimiter(options.rateLimits !== false);
  const faults = new FaultQueue();
  const ids = new OrderIds();
  const requests = [];
  const orders = [];
  const sockets = /* @__PURE__ */ new Set();
  const timers = /* @__PURE__ */ new Set();
  let clockOffset = options.clockOffsetMs ?? 0;
  let available = true;
  let connections = 0;
  let closed = false;
  const serverNow = () => Date.now() + clockOffset;
  function execute(op, req, path, query, body) {
    const now = serverNow();
    const ip = req.socket.remoteAddress ?? "unknown";
    const params = new URLSearchParams(query);
    if (op === "unknown") return { reply: failure("40404", "Request URL NOT FOUND") };
    if (op === "time") {
      const rate2 = limiter.hit(`time:${ip}`, TIME_PER_SECOND, now);
      if (!rate2.allowed) return { reply: tooManyRequests(), remaining: 0 };
      return { reply: success({ serverTime: String(now) }, () => ({ serverTime: now })), remaining: rate2.remaining };
    }
    const limit = OPERATIONS[op].perSecond;
    const verify = () => authenticate({ headers: req.headers, method: req.method ?? "", path, query, body, serverNow: now, accounts });
    if (op === "borrow") {
      const result = verify();
      if (!result.ok) {
        const keyHeader = String(req.headers["access-key"] ?? "");
        return { reply: result.reply, remaining: limiter.peek(`borrow:key:${keyHeader}`, limit, now) };
      }
      const rate2 = limiter.hit(`borrow:key:${result.account.apiKey}`, limit, now);
      if (!rate2.allowed) return { reply: tooManyRequests(), remaining: 0 };
      const reply2 = handleBorrow({ headers: req.headers, body, account: result.account }, (o) => orders.push(o), ids);
      return { reply: reply2, remaining: rate2.remaining };
    }
    const rate = limiter.hit(`${op}:ip:${ip}`, limit, now);
    if (!rate.allowed) return { reply: tooManyRequests(), remaining: 0 };
    if (hasCredentialHeaders(req.headers)) {
      const result = verify();
      if (!result.ok) return { reply: result.reply, remaining: rate.remaining };
    }
    const reply = op === "symbols" ? handleSymbols(params, symbols) : handleEstimate(params);
    return { reply, remaining: rate.remaining };
  }
  async function write(req, res, record2, status, contentType, text, extra) {
    const encoding = text === "" ? "identity" : chooseEncoding(compression, req.headers["accept-encoding"]);
    const payload = await encode(Buffer.from(text, "utf8"), encoding);
    if (closed || res.destroyed) return;
    record2.status = status;
    if (extra.code !== void 0) record2.code = extra.code;
    const headers = { "content-type": contentType, "content-length": payload.length, vary: "Accept-Encoding" };
    if (encoding !== "identity") headers["content-encoding"] = encoding;
    if (extra.remaining !== void 0) headers["x-mbx-used-remain-limit"] = extra.remaining;
    res.writeHead(status, headers);
    res.end(payload);
  }
  const writeHtml = (req, res, record2, status, title) => write(req, res, record2, status, "text/html", htmlPage(status, title), {});
  function writeOutcome(req, res, record2, outcome, fault) {
    const { reply, remaining } = outcome;
    const now = serverNow();
    const ok = isSuccess(reply);
    const extra = { code: reply.code, remaining };
    switch (fault?.kind) {
      case "reset-after-order":
        req.socket.destroy();
        return Promise.resolve();
      case "empty-body":
        return write(req, res, record2, 200, "application/json", "", { remaining });
      case "truncated-json": {
        const full = envelopeJson(reply, now, timeAsString);
        return write(req, res, record2, 200, "application/json", full.slice(0, Math.floor(full.length / 2)), { remaining });
      }
      case "wrong-types": {
        const wrong = ok && reply.wrongTypes ? reply.wrongTypes() : void 0;
        return write(req, res, record2, reply.status, "application/json", envelopeJson(reply, now, timeAsString, wrong), extra);
      }
      default:
        return write(req, res, record2, reply.status, "application/json", envelopeJson(reply, now, timeAsString), extra);
    }
  }
  async function handle(req, res, body) {
    const method = req.method ?? "";
    const url = req.url ?? "/";
    const mark = url.indexOf("?");
    const path = mark === -1 ? url : url.slice(0, mark);
    const query = mark === -1 ? "" : url.slice(mark + 1);
    const op = route(method, path);
    const record2 = {
      at: Date.now(),
      method,
      path,
      query,
      headers: flatHeaders(req.headers),
      body,
      operation: op === "time" ? "unknown" : op
    };
    requests.push(record2);
    if (!available) return writeHtml(req, res, record2, 503, "Service Temporarily Unavailable");
    const fault = op === "unknown" || op === "time" ? void 0 : faults.take(op);
    if (fault) record2.fault = fault.kind;
    const answer = (reply, remaining) => writeOutcome(req, res, record2, { reply, remaining }, void 0);
    switch (fault?.kind) {
      case "html-500":
        return writeHtml(req, res, record2, 500, "Internal Server Error");
      case "raw":
        return write(req, res, record2, fault.status ?? 200, "application/json", fault.body ?? "", {});
      case "rate-limit":
        return answer(tooManyRequests(), 0);
      case "unknown-code":
        return answer(failure("99999", "Unexpected condition"));
      case "reset-before-response":
        req.socket.destroy();
        return;
      case "stall":
        if (fault.stallMs === void 0) return;
        await new Promise((resolve) => {
          const timer = setTimeout(() => {
            timers.delete(timer);
            resolve();
          }, fault.stallMs);
          timers.add(timer);
        });
        if (closed || res.destroyed) return;
        break;
    }
    const outcome = execute(op, req, path, query, body);
    return writeOutcome(req, res, record2, outcome, fault);
  }
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("error", () => void 0);
    req.on("end", () => {
      handle(req, res, Buffer.concat(chunks).toString("utf8")).catch(() => {
        if (!res.headersSent && !res.destroyed) {
          res.writeHead(500, { "content-type": "text/html" });
          res.end(htmlPage(500, "Internal Server Error"));
        }
      });
    });
  });
  server.keepAliveTimeout = 65e3;
  server.headersTimeout = 66e3;
  server.on("connection", (socket) => {
    connections++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  let closing;
  const simulator = {
    url: "",
    port: 0,
    requests,
    orders,
    get connections() {
      return connections;
    },
    injectFault: (fault) => faults.add(fault),
    clearFaults: () => faults.clear(),
    setClockOffset: (ms) => {
      clockOffset = ms;
    },
    setAvailable: (up) => {
      available = up;
    },
    reset: () => {
      requests.length = 0;
      orders.length = 0;
      faults.clear();
      limiter.reset();
    },
    close: () => {
      closing ??= new Promise((resolve) => {
        closed = true;
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    }
  };
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      const { port } = server.address();
      const shownHost = host.includes(":") ? `[${host}]` : host;
      Object.defineProperties(simulator, {
        url: { value: `http://${shownHost}:${port}`, enumerable: true },
        port: { value: port, enumerable: true }
      });
      resolve(simulator);
    });
  });
}

// bench/pty.ts
import { spawn, execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
var ANSI = /\u001B\[[0-9;?]*[ -/]*[@-~]|\u001B\][^\u0007]*\u0007/g;
var CLI = new URL("../dist/cli.js", import.meta.url).pathname;
var Pty = class {
  output = "";
  child;
  started = performance.now();
  waiters = [];
  constructor(command, env = {}, size = { columns: 100, rows: 30 }) {
    this.child = spawn("script", ["-qfec", `stty cols ${size.columns} rows ${size.rows}; exec ${command}`, "/dev/null"], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, TERM: "xterm-256color", LANG: "C.UTF-8", ...env }
    });
    this.child.stdout.on("data", (chunk) => {
      this.output += chunk.toString("utf8");
      for (const wake of this.waiters.splice(0)) wake();
    });
  }
  /** Everything printed since `mark()`, without escape codes. */
  text(since = 0) {
    return this.output.slice(since).replace(ANSI, "");
  }
  mark() {
    return this.output.length;
  }
  write(keys) {
    this.child.stdin.write(keys);
  }
  /** Resolves with the time (performance.now) at which the text first appeared after `since`. */
  async waitFor(match, since = 0, timeoutMs = 3e4) {
    const deadline = performance.now() + timeoutMs;
    for (; ; ) {
      if (match(this.text(since))) return performance.now();
      if (performance.now() > deadline) throw new Error(`timed out waiting; last output:
${this.text(since).slice(-500)}`);
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, 50);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
  /** Peak resident set of the app (the process `script` runs), in MiB. */
  peakRssMiB() {
    const pid = execFileSync("pgrep", ["-P", String(this.child.pid), "node"], { encoding: "utf8" }).trim().split("\n")[0];
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmHWM:\s+(\d+) kB/.exec(status)[1]) / 1024;
  }
  async quit() {
    const exited = new Promise((resolve) => this.child.once("exit", resolve));
    this.write("");
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 3e3);
    await exited;
    clearTimeout(timer);
  }
};

// bench/stats.ts
function median(values) {
  return percentile(values, 50);
}
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil(p / 100 * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))];
}

// bench/explorer.ts
var QUERIES = ["x001", "usdt", "x09", "eth", "x1234", "btc"];
var HUMAN_INTERVAL_MS = 120;
async function measureExplorer(pairs) {
  const simulator = await startSimulator({ extraSymbols: pairs - BUILT_IN_SYMBOLS.length, rateLimits: false });
  const cache2 = mkdtempSync(join(tmpdir(), "loan-tui-bench-cache-"));
  try {
    const open = async () => {
      const pty2 = new Pty(`${process.execPath} ${CLI} --base-url ${simulator.url}`, { XDG_CACHE_HOME: cache2 });
      await pty2.waitFor((text) => text.includes("? this help"));
      const since = pty2.mark();
      const enter = performance.now();
      pty2.write("\r");
      const usable = await pty2.waitFor((text) => text.includes(`${pairs} of ${pairs} pairs`), since, 6e4);
      return { pty: pty2, listMs: usable - enter };
    };
    const { pty, listMs } = await open();
    const keys = [];
    for (const query of QUERIES) {
      for (let i = 1; i <= query.length; i++) keys.push(await keystroke(pty, query[i - 1], `> ${query.slice(0, i)}`));
      for (let i = query.length - 1; i >= 0; i--) keys.push(await keystroke(pty, "\x7F", i === 0 ? `${pairs} of ${pairs} pairs` : `> ${query.slice(0, i)}`));
    }
    if (process.env.BENCH_KEYS) console.error(keys.map((k) => k.toFixed(1)).join(" "));
    const peakRssMiB = pty.peakRssMiB();
    await pty.quit();
    const second = await open();
    await second.pty.quit();
    return { pairs, listMs, keyMedianMs: median(keys), keyP99Ms: percentile(keys, 99), peakRssMiB, cachedListMs: second.listMs };
  } finally {
    await simulator.close();
    rmSync(cache2, { recursive: true, force: true });
  }
}
async function keystroke(pty, key, expect) {
  await new Promise((resolve) => setTimeout(resolve, HUMAN_INTERVAL_MS));
  const since = pty.mark();
  const sent = performance.now();
  pty.write(key);
  const shown = await pty.waitFor((text) => text.includes(expect), since);
  return shown - sent;
}

// bench/.k.ts
var r = await measureExplorer(1e4);
console.log(JSON.stringify(r));
