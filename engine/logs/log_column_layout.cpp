#include "logs/log_column_layout.hpp"

#include "util/input_error.hpp"

#include <cctype>
#include <charconv>

namespace eb {

namespace {

using LayoutRole = LayoutColumn::Role;

std::string trimmed(const std::string& s) {
  std::size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  return s.substr(a, b - a);
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Joint signal roles by their spelling in a layout.
struct RoleWord {
  const char* word;
  LayoutRole role;
};
constexpr RoleWord kRoleWords[] = {
    {"q", LayoutRole::Position},       {"qd", LayoutRole::Velocity},      {"dq", LayoutRole::Velocity},
    {"qdd", LayoutRole::Acceleration}, {"ddq", LayoutRole::Acceleration}, {"tau", LayoutRole::Torque},
    {"torque", LayoutRole::Torque},    {"i", LayoutRole::Current},        {"current", LayoutRole::Current},
};

const char* roleWord(LayoutRole role) {
  switch (role) {
    case LayoutRole::Position:
      return "position";
    case LayoutRole::Velocity:
      return "velocity";
    case LayoutRole::Acceleration:
      return "acceleration";
    case LayoutRole::Torque:
      return "torque";
    case LayoutRole::Current:
      return "current";
    case LayoutRole::Time:
      return "time";
    case LayoutRole::Skip:
      return "skipped";
  }
  return "skipped";
}

// A non-negative integer that is the whole of `s`, or -1.
long wholeNumber(const std::string& s) {
  long v = -1;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc() && end == s.data() + s.size() && !s.empty() && v >= 0 ? v : -1;
}

// Splits "q12" into ("q", 12); the number is -1 when there is none.
std::pair<std::string, long> wordAndNumber(const std::string& s) {
  std::size_t digits = s.size();
  while (digits > 0 && std::isdigit(static_cast<unsigned char>(s[digits - 1]))) --digits;
  return {s.substr(0, digits), digits < s.size() ? wholeNumber(s.substr(digits)) : -1};
}

constexpr long kMaxLayoutColumns = 100000;  // far beyond any log; bounds `_*n`

}  // namespace

LogColumnLayout parseLogColumnLayout(const std::string& text) {
  LogColumnLayout layout;
  layout.text = text;
  std::vector<std::string> items;
  std::string current;
  for (char c : text) {
    if (c == ',') {
      items.push_back(current);
      current.clear();
    } else {
      current.push_back(c);
    }
  }
  items.push_back(current);
  for (std::size_t k = 0; k < items.size(); ++k) {
    const std::string raw = trimmed(items[k]);
    auto fail = [&](const std::string& what) {
      throw InputError("--columns: item " + std::to_string(k + 1) + " '" + raw + "': " + what);
    };
    if (raw.empty()) fail("empty (two commas in a row?)");
    std::string item = lower(raw), unit;
    if (item.back() == ']') {
      const std::size_t open = item.rfind('[');
      if (open == std::string::npos) fail("a ']' without '['");
      unit = trimmed(item.substr(open + 1, item.size() - open - 2));
      item = trimmed(item.substr(0, open));
    }
    if (item == "_" || item.rfind("_*", 0) == 0) {
      const long n = item == "_" ? 1 : wholeNumber(item.substr(2));
      if (n < 1 || n > kMaxLayoutColumns) fail("'_*n' skips n columns, n from 1 to " + std::to_string(kMaxLayoutColumns));
      if (!unit.empty()) fail("a skipped column has no unit");
      layout.columns.insert(layout.columns.end(), static_cast<std::size_t>(n), LayoutColumn{});
      continue;
    }
    if (item == "t" || item == "time") {
      if (!unit.empty()) {
        std::optional<TimeUnit> u;
        for (TimeUnit candidate : {TimeUnit::Seconds, TimeUnit::Milliseconds, TimeUnit::Microseconds, TimeUnit::Nanoseconds})
          if (unit == timeUnitName(candidate)) u = candidate;
        if (!u) fail("unknown time unit '" + unit + "' (s, ms, us, ns)");
        layout.timeUnit = u;
      }
      layout.columns.push_back({LayoutRole::Time, 0});
      continue;
    }
    // A joint signal: word + number, or a range word+a..word+b / word+a..b.
    std::string first = item, last;
    const std::size_t dots = item.find("..");
    if (dots != std::string::npos) {
      first = trimmed(item.substr(0, dots));
      last = trimmed(item.substr(dots + 2));
    }
    const auto [word, from] = wordAndNumber(first);
    const RoleWord* role = nullptr;
    for (const RoleWord& r : kRoleWords)
      if (word == r.word) role = &r;
    if (!role)
      fail("not a column role (t, q, qd, qdd, tau, i for joints 1..n, or _ to skip; e.g. q1..q6)");
    if (from < 1) fail("joint numbers start at 1 (q1 is the first joint)");
    long to = from;
    if (dots != std::string::npos) {
      const auto [lastWord, lastNumber] = wordAndNumber(last);
      if (!lastWord.empty() && lastWord != word) fail("a range runs over one role ('" + word + "1.." + word + "6')");
      to = lastNumber;
      if (to < from) fail("the range must run upwards");
    }
    if (to > 10000) fail("joint numbers go up to 10000");
    if (!unit.empty()) {
      if (role->role == LayoutRole::Position || role->role == LayoutRole::Velocity ||
          role->role == LayoutRole::Acceleration) {
        const bool degree = unit == "deg" || unit == "deg/s" || unit == "deg/s^2";
        if (!degree && unit != "rad" && unit != "rad/s" && unit != "rad/s^2" && unit != "m" && unit != "m/s")
          fail("unknown unit '" + unit + "' (rad or deg)");
        const PositionUnit u = degree ? PositionUnit::Degree : PositionUnit::Radian;
        if (layout.positionUnit && *layout.positionUnit != u) fail("positions and their rates share one unit");
        layout.positionUnit = u;
      } else if (role->role == LayoutRole::Torque) {
        if (unit != "nm" && unit != "n m" && unit != "n.m" && unit != "n") fail("torques are in N m (or N)");
      } else if (unit != "a") {
        fail("currents are in A (the torque constants are N m/A)");
      }
    }
    for (long j = from; j <= to; ++j) layout.columns.push_back({role->role, static_cast<int>(j - 1)});
    layout.joints = std::max(layout.joints, static_cast<int>(to));
    if (layout.columns.size() > static_cast<std::size_t>(kMaxLayoutColumns)) fail("more than 100000 columns");
  }
  return layout;
}

LogColumnMapping mappingFromLayout(const LogColumnLayout& layout, const std::vector<std::string>& columns, int dof,
                                   const std::vector<std::string>& jointNames,
                                   const std::vector<double>& torqueConstants, const std::string& source,
                                   std::size_t line) {
  auto fail = [&](const std::string& what) {
    throw inputErrorAt(source, line, "", "--columns '" + layout.text + "': " + what);
  };
  if (layout.columns.size() > columns.size())
    fail("names " + std::to_string(layout.columns.size()) + " columns but the file has " +
         std::to_string(columns.size()));
  if (layout.joints != dof)
    fail("names joints 1.." + std::to_string(layout.joints) + " but the robot has " + std::to_string(dof));
  LogColumnMapping m;
  m.timeUnit = layout.timeUnit.value_or(TimeUnit::Seconds);
  m.positionUnit = layout.positionUnit.value_or(PositionUnit::Radian);
  m.joints.resize(static_cast<std::size_t>(dof));
  for (int j = 0; j < dof; ++j)
    m.joints[static_cast<std::size_t>(j)].name =
        jointNames.size() == static_cast<std::size_t>(dof) ? jointNames[static_cast<std::size_t>(j)]
                                                           : "joint" + std::to_string(j + 1);
  std::vector<bool> current(static_cast<std::size_t>(dof), false);
  for (std::size_t c = 0; c < layout.columns.size(); ++c) {
    const LayoutColumn& lc = layout.columns[c];
    if (lc.role == LayoutRole::Skip) continue;
    if (lc.role == LayoutRole::Time) {
      if (!m.timeColumn.empty()) fail("two time columns");
      m.timeColumn = columns[c];
      continue;
    }
    JointColumns& jc = m.joints[static_cast<std::size_t>(lc.joint)];
    std::string* field = lc.role == LayoutRole::Position       ? &jc.q
                         : lc.role == LayoutRole::Velocity     ? &jc.qd
                         : lc.role == LayoutRole::Acceleration ? &jc.qdd
                                                               : &jc.tau;
    if (!field->empty())
      fail("joint " + std::to_string(lc.joint + 1) + " has two " +
           roleWord(lc.role == LayoutRole::Current ? LayoutRole::Torque : lc.role) + " columns");
    *field = columns[c];
    if (lc.role == LayoutRole::Current) current[static_cast<std::size_t>(lc.joint)] = true;
  }
  const bool anyCurrent = std::find(current.begin(), current.end(), true) != current.end();
  if (anyCurrent && torqueConstants.size() != static_cast<std::size_t>(dof))
    fail("motor current columns need " + std::to_string(dof) + " torque constants [N m/A] (--torque-constants), " +
         std::to_string(torqueConstants.size()) + " given");
  for (int j = 0; j < dof; ++j) {
    JointColumns& jc = m.joints[static_cast<std::size_t>(j)];
    if (jc.q.empty()) fail("no position column for joint " + std::to_string(j + 1) + " (q" + std::to_string(j + 1) + ")");
    if (jc.tau.empty())
      fail("no torque or current column for joint " + std::to_string(j + 1) + " (tau" + std::to_string(j + 1) + " or i" +
           std::to_string(j + 1) + ")");
    if (current[static_cast<std::size_t>(j)]) jc.torqueScale = torqueConstants[static_cast<std::size_t>(j)];
  }
  return m;
}

}  // namespace eb
