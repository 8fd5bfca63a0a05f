//! The search tree of information-set MCTS: one node per sequence of choices from the root, shared
//! by every determinization in which those choices were legal.
//!
//! Because hidden cards are re-dealt on every iteration, a child is not always available (the
//! opponent may not hold the card it summons in this deal). Each child therefore counts how often
//! it was *available* when its parent was visited, and the UCB rule uses that count in place of
//! the parent's visits ("availability", Cowling, Powley and Whitehouse 2012).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// The maps of one search. Keys are choices (a few small numbers each), and the maps are private
/// to the search and only ever looked up, so a quick multiplicative hash does (the standard
/// library's keyed hash was a twentieth of the search time).
type Map<K, V> = HashMap<K, V, BuildHasherDefault<ChoiceHasher>>;

/// A multiply-rotate hash in the manner of rustc's `FxHasher`.
#[derive(Default, Clone, Copy)]
pub struct ChoiceHasher(u64);

impl ChoiceHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for ChoiceHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.add(u64::from(b));
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }
    fn write_u16(&mut self, n: u16) {
        self.add(u64::from(n));
    }
    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
}

/// Index of a node in [`Tree::nodes`].
pub type NodeId = u32;

/// One node: the state reached by its choice from its parent.
#[derive(Debug)]
pub struct Node<C> {
    /// The seat that made the choice leading here (whose reward this node accumulates).
    pub mover: usize,
    pub visits: u32,
    /// How often this node's choice was legal when its parent was visited.
    pub available: u32,
    /// Sum of the mover's rewards over the visits.
    pub reward: f64,
    /// Children by choice. Only looked up by key, never iterated, so its order cannot leak into
    /// the search.
    pub children: Map<C, NodeId>,
    /// Immediate values of this node's choices to the seat making them, filled lazily (see
    /// `widen`); the root uses its own plan instead.
    pub values: Map<C, f64>,
}

/// The tree of one search.
#[derive(Debug)]
pub struct Tree<C> {
    pub nodes: Vec<Node<C>>,
}

impl<C: Copy + Eq + Hash> Tree<C> {
    pub const ROOT: NodeId = 0;

    pub fn new() -> Tree<C> {
        Tree {
            nodes: vec![Node {
                mover: usize::MAX,
                visits: 0,
                available: 0,
                reward: 0.0,
                children: Map::default(),
                values: Map::default(),
            }],
        }
    }

    pub fn node(&self, id: NodeId) -> &Node<C> {
        &self.nodes[id as usize]
    }

    pub fn node_mut(&mut self, id: NodeId) -> &mut Node<C> {
        &mut self.nodes[id as usize]
    }

    /// The child of `parent` reached by `choice`, if it was expanded.
    pub fn child(&self, parent: NodeId, choice: &C) -> Option<NodeId> {
        self.nodes[parent as usize].children.get(choice).copied()
    }

    /// Adds the child of `parent` reached by `choice`, made by `mover`.
    pub fn expand(&mut self, parent: NodeId, choice: C, mover: usize) -> NodeId {
        self.expand_with_prior(parent, choice, mover, 0, 0.0)
    }

    /// [`Tree::expand`] with `visits` virtual visits already counted at the mean reward `value`
    /// for the mover (prior knowledge worth that many playouts).
    pub fn expand_with_prior(
        &mut self,
        parent: NodeId,
        choice: C,
        mover: usize,
        visits: u32,
        value: f64,
    ) -> NodeId {
        let id = self.nodes.len() as NodeId;
        self.nodes.push(Node {
            mover,
            visits,
            available: 1,
            reward: f64::from(visits) * value,
            children: Map::default(),
            values: Map::default(),
        });
        self.nodes[parent as usize].children.insert(choice, id);
        id
    }

    /// Counts the expanded children of `parent` reached by `legal` choices as available once
    /// more, and returns the legal choices not expanded yet.
    pub fn untried(&mut self, parent: NodeId, legal: &[C], out: &mut Vec<C>) {
        out.clear();
        for &choice in legal {
            match self.child(parent, &choice) {
                Some(id) => self.nodes[id as usize].available += 1,
                None => out.push(choice),
            }
        }
    }

    /// Picks among the children of `parent` reached by `legal` choices (all expanded, and already
    /// counted as available by [`Tree::untried`]) by UCB1 with availability counts, plus a
    /// progressive bias `bias[i] / (visits + 1)` for `legal[i]` where `bias` is not empty.
    pub fn select(
        &self,
        parent: NodeId,
        legal: &[C],
        exploration: f64,
        bias: &[f64],
    ) -> Option<(C, NodeId)> {
        let mut best: Option<(f64, C, NodeId)> = None;
        for (i, &choice) in legal.iter().enumerate() {
            let Some(id) = self.child(parent, &choice) else {
                continue;
            };
            let node = &self.nodes[id as usize];
            let visits = node.visits.max(1) as f64;
            let mean = node.reward / visits;
            let prior = bias.get(i).map_or(0.0, |b| b / (visits + 1.0));
            let score = mean + exploration * ((node.available as f64).ln() / visits).sqrt() + prior;
            if best.as_ref().is_none_or(|(s, _, _)| score > *s) {
                best = Some((score, choice, id));
            }
        }
        best.map(|(_, c, id)| (c, id))
    }

    /// Records one result along `path` (root first): every node gains a visit and its mover's
    /// reward.
    pub fn backpropagate(&mut self, path: &[NodeId], rewards: &[f64]) {
        for &id in path {
            let node = &mut self.nodes[id as usize];
            node.visits += 1;
            node.reward += rewards.get(node.mover).copied().unwrap_or(0.0);
        }
    }

    /// Visits and summed rewards of the root's children reached by `legal` choices, in
    /// `legal`'s order (zero for a child never expanded).
    pub fn root_totals(&self, legal: &[C]) -> Vec<(u32, f64)> {
        legal
            .iter()
            .map(|c| {
                self.child(Self::ROOT, c)
                    .map(|id| self.node(id))
                    .map_or((0, 0.0), |n| (n.visits, n.reward))
            })
            .collect()
    }

    /// Visits of the root's children reached by `legal` choices, in `legal`'s order.
    pub fn root_visits(&self, legal: &[C]) -> Vec<u32> {
        legal
            .iter()
            .map(|c| {
                self.child(Self::ROOT, c)
                    .map_or(0, |id| self.node(id).visits)
            })
            .collect()
    }
}

impl<C: Copy + Eq + Hash> Default for Tree<C> {
    fn default() -> Self {
        Tree::new()
    }
}
