/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
#include "dpaa2_model/mc_objects.hpp"

namespace dpaa2::model
{

namespace
{
constexpr const char *kTypeNames[] = {"dprc", "dpmcp", "dpio",	"dpbp",
				      "dpni", "dpmac", "dpcon", "dprtc"};
} // namespace

const char *mc_obj_type_name(McObjType t)
{
	return kTypeNames[static_cast<unsigned>(t)];
}

std::optional<McObjType> mc_obj_type(std::string_view name)
{
	for (unsigned i = 0; i < std::size(kTypeNames); i++)
		if (name == kTypeNames[i])
			return static_cast<McObjType>(i);
	return std::nullopt;
}

McObject *McObjects::find(McObjType t, unsigned id)
{
	auto it = objects_.find({t, id});
	return it == objects_.end() ? nullptr : it->second.get();
}

const McObject *McObjects::find(McObjType t, unsigned id) const
{
	auto it = objects_.find({t, id});
	return it == objects_.end() ? nullptr : it->second.get();
}

std::vector<const McObject *> McObjects::in_container(unsigned dprc_id) const
{
	std::vector<const McObject *> v;
	for (auto &[key, o] : objects_)
		if (o->container == dprc_id && !(o->type == McObjType::dprc && o->id == dprc_id))
			v.push_back(o.get());
	return v;
}

std::vector<McObject *> McObjects::all()
{
	std::vector<McObject *> v;
	for (auto &[key, o] : objects_)
		v.push_back(o.get());
	return v;
}

uint16_t McObjects::open(McObject &o)
{
	// Skip 0 (no token) and tokens still in use after a wrap.
	while (next_token_ == 0 || sessions_.count(next_token_))
		next_token_++;
	uint16_t t = next_token_++;
	sessions_[t] = &o;
	return t;
}

McObject *McObjects::session(uint16_t token)
{
	auto it = sessions_.find(token);
	return it == sessions_.end() ? nullptr : it->second;
}

bool McObjects::close(uint16_t token)
{
	return sessions_.erase(token) != 0;
}

void McObjects::close_all(const McObject &o)
{
	std::erase_if(sessions_, [&](const auto &s) { return s.second == &o; });
}

void McObjects::connect(const McEndpoint &a, const McEndpoint &b)
{
	std::erase_if(links_, [&](const auto &l) {
		return l.first == a || l.second == a || l.first == b || l.second == b;
	});
	links_.emplace_back(a, b);
}

const McEndpoint *McObjects::peer(const McEndpoint &a) const
{
	for (const auto &l : links_) {
		if (l.first == a)
			return &l.second;
		if (l.second == a)
			return &l.first;
	}
	return nullptr;
}

} // namespace dpaa2::model
